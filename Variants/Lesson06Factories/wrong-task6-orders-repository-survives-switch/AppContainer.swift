// Variant: the orders repository sits in the app-wide container next to the catalog, made
// once for the first account. Switching accounts rebuilds the flow but reuses the
// repository, so Bob sees Alice's cached orders. Wrong: a per-account repository must be
// built anew when the account changes (Task 6).

/// The app's services.
@MainActor
final class AppContainer: CatalogDependencies, AccountDependencies {
  let httpClient: any HTTPClient
  let analytics: any AnalyticsTracker
  let catalog: any CatalogService
  let orders: any OrdersRepository

  init(configuration: AppConfiguration) {
    httpClient = configuration.makeHTTPClient()
    analytics = configuration.analytics
    catalog = RemoteCatalogService(client: httpClient)
    orders = RemoteOrdersRepository(account: configuration.account, client: httpClient)
  }
}
