// Variant: every object now gets its services through `init`, but the container still
// publishes itself in `AppContainer.shared` "for debugging", and nothing reads it; wrong
// (Task 7: the global keeps the last app's whole graph alive after the app is gone, and the
// next reader gets whichever app was built last); caught by "A dropped app leaves nothing
// behind".

/// The app's long-lived services: one of each, alive as long as the app.
///
/// It is created by the composition root and passed to whoever needs it; nothing reaches
/// it through a global.
///
/// Source: the singleton and scoped lifestyles of Seemann and van Deursen, *Dependency
/// Injection: Principles, Practices, and Patterns* (2019).
@MainActor
final class AppContainer: CatalogDependencies {
  /// The last container built, for a look in the debugger.
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
