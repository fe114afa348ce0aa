// Variant: one Mutex per shared property, held while that property's value is made (the
// dependencies struct of a fixed graph needs no "being created" state). Right: each value is
// made once, the repository's creation takes the client's Mutex, not its own, so nothing
// waits for itself, and two AppDependencies keep their own values.
import Synchronization

/// The app's object graph written out by hand: one property per shared service, one
/// `make…()` method per screen.
///
/// Unlike a ``Container``, nothing here is looked up at run time. Forgetting a service is
/// a compile error, and the creation order follows from the properties themselves. The
/// client and the repository are shared (created on first use, then reused); every screen
/// gets a fresh view model.
///
/// ```swift
/// let dependencies = AppDependencies { LiveHTTPClient(baseURL: productionURL) }
/// let screen = dependencies.makeAccountsViewModel()
/// ```
///
/// Source: the `AppDependencies` object of lazy properties in "Injeção de dependência em
/// Swift sem framework", made safe for Swift 6 (a `lazy var` is not thread-safe, and a
/// class with one cannot be `Sendable`).
public final class AppDependencies: Sendable {
  private let makeHTTPClient: @Sendable () -> any HTTPClient
  // NB: each Mutex is held while its own value is made. That is safe here and only here:
  // the graph is fixed, so the repository's factory takes the client's Mutex, never its own.
  private let sharedHTTPClient = Mutex<(any HTTPClient)?>(nil)
  private let sharedAccountsRepository = Mutex<(any AccountsRepository)?>(nil)

  /// Creates the graph.
  ///
  /// - Parameter makeHTTPClient: Makes the one HTTP client the app shares, on first use.
  public init(makeHTTPClient: @escaping @Sendable () -> any HTTPClient) {
    self.makeHTTPClient = makeHTTPClient
  }

  /// The one HTTP client of the app, created on first use.
  public var httpClient: any HTTPClient {
    sharedHTTPClient.withLock { client in
      if let client { return client }
      let made = makeHTTPClient()
      client = made
      return made
    }
  }

  /// The one accounts repository of the app, created on first use.
  public var accountsRepository: any AccountsRepository {
    sharedAccountsRepository.withLock { repository in
      if let repository { return repository }
      let made = RemoteAccountsRepository(client: httpClient)
      repository = made
      return made
    }
  }

  /// Returns a new view model for one accounts screen.
  @MainActor
  public func makeAccountsViewModel() -> AccountsViewModel {
    AccountsViewModel(repository: accountsRepository)
  }
}
