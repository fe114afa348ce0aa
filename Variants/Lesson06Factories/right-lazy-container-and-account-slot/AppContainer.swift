// Variant: a hand-written typed container with `lazy var`s for the app-wide services, and
// the signed-in account's slot in an object of its own, on top of the container: its orders
// repository is dropped on `signIn(as:)` and made again on first use. The catalog's factory
// sees the container, the account's factory the slot. Right: one client, one repository per
// account session, nothing of one account in the catalog's dependencies, and both objects
// are passed, never global.

/// The app's services: each made on first use, then shared for the whole run.
@MainActor
final class AppContainer: CatalogDependencies {
  private let configuration: AppConfiguration

  init(configuration: AppConfiguration) {
    self.configuration = configuration
  }

  /// App lifetime: made on first use, then shared.
  lazy var httpClient: any HTTPClient = configuration.makeHTTPClient()
  lazy var catalog: any CatalogService = RemoteCatalogService(client: httpClient)
  var analytics: any AnalyticsTracker { configuration.analytics }
}

/// The signed-in account's services, on top of the app's container.
@MainActor
final class SignedInAccount: AccountDependencies {
  private let container: AppContainer
  private var account: Account
  private var currentOrders: (any OrdersRepository)?

  init(account: Account, container: AppContainer) {
    self.account = account
    self.container = container
  }

  var analytics: any AnalyticsTracker { container.analytics }

  /// Account lifetime: one repository until the account changes.
  var orders: any OrdersRepository {
    if let currentOrders { return currentOrders }
    let orders = RemoteOrdersRepository(account: account, client: container.httpClient)
    currentOrders = orders
    return orders
  }

  /// Ends the current account's session; the next orders belong to `account`.
  func signIn(as account: Account) {
    self.account = account
    currentOrders = nil
  }
}
