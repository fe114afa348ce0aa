// Variant: the root publishes its container in `AppContainer.shared`, and each new account
// session takes its analytics from there (the orders from the app's own client); wrong
// (Task 7: after a second app is built, the first app's order history counts its views in
// the second app's analytics); caught by "An app that switches accounts after a second app
// was built stays on its own services".

/// The app's long-lived services: one of each, alive as long as the app.
///
/// It is created by the composition root and passed to whoever needs it; nothing reaches
/// it through a global.
///
/// Source: the singleton and scoped lifestyles of Seemann and van Deursen, *Dependency
/// Injection: Principles, Practices, and Patterns* (2019).
@MainActor
final class AppContainer: CatalogDependencies {
  /// The app's container, for whoever needs a service quickly.
  static var shared: AppContainer?

  /// The one client every feature shares: stateless, so one is right.
  let httpClient: any HTTPClient
  let analytics: any AnalyticsTracker
  let catalog: any CatalogService

  init(configuration: AppConfiguration) {
    httpClient = configuration.makeHTTPClient()
    analytics = configuration.analytics
    catalog = RemoteCatalogService(client: httpClient)
    Self.shared = self
  }

  /// Builds the services of one signed-in account, on top of the shared ones.
  func makeAccountSession(for account: Account) -> AccountSession {
    AccountSession(
      orders: RemoteOrdersRepository(account: account, client: httpClient),
      analytics: Self.shared?.analytics ?? analytics
    )
  }
}

/// One account's services: built when the account signs in, dropped when it changes.
@MainActor
struct AccountSession: AccountDependencies {
  let orders: any OrdersRepository
  let analytics: any AnalyticsTracker
}
