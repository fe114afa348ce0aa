// Variant: one typed dependencies object, hand-written: `lazy var`s for the
// app-wide services, and an orders repository that is dropped on `signIn(as:)` and made
// again on first use. Both features' factories read from it. Right: one client, one
// repository per account session, and the object is passed, never global.

/// Every service of one app, each with its lifetime.
@MainActor
final class AppContainer: CatalogDependencies, AccountDependencies {
  private let configuration: AppConfiguration
  private var account: Account
  private var currentOrders: (any OrdersRepository)?

  init(configuration: AppConfiguration) {
    self.configuration = configuration
    account = configuration.account
  }

  /// App lifetime: made on first use, then shared.
  lazy var httpClient: any HTTPClient = configuration.makeHTTPClient()
  lazy var catalog: any CatalogService = RemoteCatalogService(client: httpClient)
  var analytics: any AnalyticsTracker { configuration.analytics }

  /// Account lifetime: one repository until the account changes.
  var orders: any OrdersRepository {
    if let currentOrders { return currentOrders }
    let orders = RemoteOrdersRepository(account: account, client: httpClient)
    currentOrders = orders
    return orders
  }

  /// Ends the current account's session; the next orders belong to `account`.
  func signIn(as account: Account) {
    self.account = account
    currentOrders = nil
  }
}
