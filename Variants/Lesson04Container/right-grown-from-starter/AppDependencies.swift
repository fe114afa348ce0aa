// Variant: shared properties behind a Mutex that is held while the property is built (the
// graph is closed and nothing built here calls back into the same property). Right.
import Synchronization

/// The app's object graph written out by hand.
public final class AppDependencies: Sendable {
  private let makeHTTPClient: @Sendable () -> any HTTPClient
  private let client = Mutex<(any HTTPClient)?>(nil)
  private let repository = Mutex<(any AccountsRepository)?>(nil)

  public init(makeHTTPClient: @escaping @Sendable () -> any HTTPClient) {
    self.makeHTTPClient = makeHTTPClient
  }

  public var httpClient: any HTTPClient {
    client.withLock { client in
      if let client { return client }
      let made = makeHTTPClient()
      client = made
      return made
    }
  }

  public var accountsRepository: any AccountsRepository {
    repository.withLock { repository in
      if let repository { return repository }
      let made = RemoteAccountsRepository(client: httpClient)
      repository = made
      return made
    }
  }

  @MainActor
  public func makeAccountsViewModel() -> AccountsViewModel {
    AccountsViewModel(repository: accountsRepository)
  }
}
