/// The app's object graph written out by hand: one property per shared service, one
/// `make…()` method per screen.
///
/// Unlike a ``Container``, nothing here is looked up at run time: forgetting a service is
/// a compile error.
public final class AppDependencies: Sendable {
  private let makeHTTPClient: @Sendable () -> any HTTPClient

  /// Creates the graph.
  ///
  /// - Parameter makeHTTPClient: Makes the one HTTP client the app shares, on first use.
  public init(makeHTTPClient: @escaping @Sendable () -> any HTTPClient) {
    self.makeHTTPClient = makeHTTPClient
  }

  /// The one HTTP client of the app.
  public var httpClient: any HTTPClient {
    // TODO: Task 8 — one client for the whole app, made on first use, even from many threads.
    makeHTTPClient()
  }

  /// The one accounts repository of the app.
  public var accountsRepository: any AccountsRepository {
    // TODO: Task 8 — shared like the client; `lazy var` cannot live in a Sendable class.
    RemoteAccountsRepository(client: httpClient)
  }

  /// Returns a new view model for one accounts screen.
  @MainActor
  public func makeAccountsViewModel() -> AccountsViewModel {
    AccountsViewModel(repository: accountsRepository)
  }
}
