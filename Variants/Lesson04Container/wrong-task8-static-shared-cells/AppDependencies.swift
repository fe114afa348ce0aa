// Variant: the shared client and repository live in `static` cells, one for the whole
// process, so a second AppDependencies (a test's, a preview's) gets the first one's client.
// Caught by Task 8 "Two dependency graphs side by side keep their own client and repository".
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
  // One cell per app: there is only ever one AppDependencies.
  private static let sharedHTTPClient = OnceCell<any HTTPClient>()
  private static let sharedAccountsRepository = OnceCell<any AccountsRepository>()

  /// Creates the graph.
  ///
  /// - Parameter makeHTTPClient: Makes the one HTTP client the app shares, on first use.
  public init(makeHTTPClient: @escaping @Sendable () -> any HTTPClient) {
    self.makeHTTPClient = makeHTTPClient
  }

  /// The one HTTP client of the app, created on first use.
  public var httpClient: any HTTPClient {
    Self.sharedHTTPClient.value(orCreate: makeHTTPClient)
  }

  /// The one accounts repository of the app, created on first use.
  public var accountsRepository: any AccountsRepository {
    Self.sharedAccountsRepository.value { RemoteAccountsRepository(client: httpClient) }
  }

  /// Returns a new view model for one accounts screen.
  @MainActor
  public func makeAccountsViewModel() -> AccountsViewModel {
    AccountsViewModel(repository: accountsRepository)
  }
}
