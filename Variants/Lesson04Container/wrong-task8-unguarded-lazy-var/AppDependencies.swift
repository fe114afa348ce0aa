// Variant: copies the blog post's `lazy var`s and silences the compiler with @unchecked Sendable.
// Wrong: a lazy var is not thread-safe; threads that read it first at once each create one.
/// The app's object graph, with lazy properties.
public final class AppDependencies: @unchecked Sendable {
  private let makeHTTPClient: @Sendable () -> any HTTPClient

  public init(makeHTTPClient: @escaping @Sendable () -> any HTTPClient) {
    self.makeHTTPClient = makeHTTPClient
  }

  public lazy var httpClient: any HTTPClient = makeHTTPClient()
  public lazy var accountsRepository: any AccountsRepository = RemoteAccountsRepository(
    client: httpClient
  )

  @MainActor
  public func makeAccountsViewModel() -> AccountsViewModel {
    AccountsViewModel(repository: accountsRepository)
  }
}
