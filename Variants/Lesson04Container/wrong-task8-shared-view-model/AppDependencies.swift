// Variant: made the view model a shared property too, like the repository.
// Wrong: every screen gets the same view model, so one screen's state leaks into the next.
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
  private let sharedHTTPClient = OnceCell<any HTTPClient>()
  private let sharedAccountsRepository = OnceCell<any AccountsRepository>()
  private let sharedViewModel = OnceCell<AccountsViewModel>()

  /// Creates the graph.
  ///
  /// - Parameter makeHTTPClient: Makes the one HTTP client the app shares, on first use.
  public init(makeHTTPClient: @escaping @Sendable () -> any HTTPClient) {
    self.makeHTTPClient = makeHTTPClient
  }

  /// The one HTTP client of the app, created on first use.
  public var httpClient: any HTTPClient {
    sharedHTTPClient.value(orCreate: makeHTTPClient)
  }

  /// The one accounts repository of the app, created on first use.
  public var accountsRepository: any AccountsRepository {
    sharedAccountsRepository.value { RemoteAccountsRepository(client: httpClient) }
  }

  /// Returns a new view model for one accounts screen.
  @MainActor
  public func makeAccountsViewModel() -> AccountsViewModel {
    sharedViewModel.value { AccountsViewModel(repository: accountsRepository) }
  }
}
