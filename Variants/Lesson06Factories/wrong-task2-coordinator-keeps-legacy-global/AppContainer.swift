// Variant: the old global container lives on as `LegacyContainer.shared`, a class that
// conforms to no dependencies protocol; the catalog coordinator keeps it (see
// CatalogCoordinator.swift).

/// The app's long-lived services: one of each, alive as long as the app.
///
/// It is created by the composition root and passed to whoever needs it; nothing reaches
/// it through a global.
///
/// Source: the singleton and scoped lifestyles of Seemann and van Deursen, *Dependency
/// Injection: Principles, Practices, and Patterns* (2019).
@MainActor
final class AppContainer: CatalogDependencies {
  /// The one client every feature shares: stateless, so one is right.
  let httpClient: any HTTPClient
  let analytics: any AnalyticsTracker
  let catalog: any CatalogService

  init(configuration: AppConfiguration) {
    httpClient = configuration.makeHTTPClient()
    analytics = configuration.analytics
    catalog = RemoteCatalogService(client: httpClient)
  }

  /// Builds the services of one signed-in account, on top of the shared ones.
  func makeAccountSession(for account: Account) -> AccountSession {
    AccountSession(
      orders: RemoteOrdersRepository(account: account, client: httpClient),
      analytics: analytics
    )
  }
}

/// One account's services: built when the account signs in, dropped when it changes.
@MainActor
struct AccountSession: AccountDependencies {
  let orders: any OrdersRepository
  let analytics: any AnalyticsTracker
}

/// The container the app had before the refactor, still reachable from anywhere.
@MainActor
final class LegacyContainer {
  static var shared = LegacyContainer(configuration: .demo)

  let market: Market
  let catalog: any CatalogService
  let analytics: any AnalyticsTracker

  init(configuration: AppConfiguration) {
    market = configuration.market
    catalog = RemoteCatalogService(client: configuration.makeHTTPClient())
    analytics = configuration.analytics
  }
}
