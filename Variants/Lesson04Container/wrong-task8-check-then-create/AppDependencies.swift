// Variant: guards each shared property with a Mutex, but checks and stores in two steps.
// Wrong: threads that all find nothing all create one; the last store wins.
import Synchronization

/// The app's object graph, with shared properties behind a Mutex.
public final class AppDependencies: Sendable {
  private let makeHTTPClient: @Sendable () -> any HTTPClient
  private let client = Mutex<(any HTTPClient)?>(nil)
  private let repository = Mutex<(any AccountsRepository)?>(nil)

  public init(makeHTTPClient: @escaping @Sendable () -> any HTTPClient) {
    self.makeHTTPClient = makeHTTPClient
  }

  public var httpClient: any HTTPClient {
    if let existing = client.withLock({ $0 }) { return existing }
    let made = makeHTTPClient()
    client.withLock { $0 = made }
    return made
  }

  public var accountsRepository: any AccountsRepository {
    if let existing = repository.withLock({ $0 }) { return existing }
    let made = RemoteAccountsRepository(client: httpClient)
    repository.withLock { $0 = made }
    return made
  }

  @MainActor
  public func makeAccountsViewModel() -> AccountsViewModel {
    AccountsViewModel(repository: accountsRepository)
  }
}
