// Variant: the container makes its own PrintingAnalyticsTracker instead of taking the
// configured one; wrong (Task 6: the configuration says where analytics go, the root only
// passes it on); caught by "start() shows the product list, and a pick its product screen,
// all from the configured backend and analytics".

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
    analytics = PrintingAnalyticsTracker()
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
