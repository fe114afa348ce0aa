// Variant: the root publishes its container in a global, `LegacyContainer.shared`, and the
// account coordinator's convenience initializer reads it to build its own factory (see
// AccountCoordinator.swift). Each coordinator captures the container when it is made, so
// two apps side by side look fine, until an app switches accounts after a second app was
// built: its new account flow then gets the second app's container. Wrong (Task 7).

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

/// The container of the app built last, for code that is not handed one yet.
@MainActor
enum LegacyContainer {
  static var shared: AppContainer?
}
