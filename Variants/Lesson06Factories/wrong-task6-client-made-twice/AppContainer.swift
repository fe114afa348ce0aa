// Variant: every service makes its own client from the configuration, "to keep them
// independent". Wrong: the client is stateless and meant to be shared; the app now makes
// one for the catalog and another for every account (Task 6).

/// The app's long-lived services.
@MainActor
final class AppContainer: CatalogDependencies {
  let analytics: any AnalyticsTracker
  let catalog: any CatalogService
  private let configuration: AppConfiguration

  init(configuration: AppConfiguration) {
    self.configuration = configuration
    analytics = configuration.analytics
    catalog = RemoteCatalogService(client: configuration.makeHTTPClient())
  }

  /// Builds the services of one signed-in account.
  func makeAccountSession(for account: Account) -> AccountSession {
    AccountSession(
      orders: RemoteOrdersRepository(account: account, client: configuration.makeHTTPClient()),
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
