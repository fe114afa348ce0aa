// Variant: the root builds a proper container, then also publishes it in a static so any
// feature can reach "the" container; the account flow reads it when it is shown. Wrong:
// a second app replaces the first one's container (Task 7).

/// The app's services, published for everyone in ``current``.
@MainActor
final class AppContainer: CatalogDependencies {
  /// The container of the app built last.
  static var current: AppContainer?

  let httpClient: any HTTPClient
  let analytics: any AnalyticsTracker
  let catalog: any CatalogService
  private(set) var session: AccountSession

  init(configuration: AppConfiguration) {
    let client = configuration.makeHTTPClient()
    httpClient = client
    analytics = configuration.analytics
    catalog = RemoteCatalogService(client: client)
    session = AccountSession(
      orders: RemoteOrdersRepository(account: configuration.account, client: client),
      analytics: configuration.analytics
    )
  }

  /// Starts a new session for `account`.
  func signIn(_ account: Account) {
    session = AccountSession(
      orders: RemoteOrdersRepository(account: account, client: httpClient),
      analytics: analytics
    )
  }
}

/// One account's services.
@MainActor
struct AccountSession: AccountDependencies {
  let orders: any OrdersRepository
  let analytics: any AnalyticsTracker
}
