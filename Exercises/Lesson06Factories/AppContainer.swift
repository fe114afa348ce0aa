/// Every service of the app, reachable from anywhere through ``shared``.
@MainActor
final class AppContainer {
  // TODO: Task 7 — one global means one app per process, and tests that step on each other.
  static var shared = AppContainer(configuration: .demo)

  let market: Market
  let analytics: any AnalyticsTracker
  let catalog: any CatalogService
  var account: Account
  var orders: any OrdersRepository

  init(configuration: AppConfiguration) {
    market = configuration.market
    analytics = configuration.analytics
    account = configuration.account
    // TODO: Task 6 — decide each lifetime: how many HTTP clients does the app need, and
    // which services belong to one account only?
    catalog = RemoteCatalogService(client: configuration.makeHTTPClient())
    orders = RemoteOrdersRepository(
      account: configuration.account, client: configuration.makeHTTPClient())
  }
}
