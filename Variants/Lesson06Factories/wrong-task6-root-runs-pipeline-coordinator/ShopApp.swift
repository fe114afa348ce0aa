// Variant: makeCatalogCoordinator returns the new coordinator, but the root still runs the
// old one, which holds the catalog, analytics and the market only to pass them on; wrong
// (Task 6: the root should run coordinators that hold a factory, not a pipeline of
// services); caught by "The coordinators the app runs keep no service and no market".

/// The running app, as the outside world (the scene, a test) drives it.
@MainActor
public protocol ShopApp {
  /// Shows the first screen, the product list.
  func start()
  /// Shows the current account's order history.
  func showOrders()
  /// Makes `account` the current account; screens built from now on show its data.
  func switchAccount(to account: Account)
}

/// The composition root: the one place that knows every concrete type.
///
/// It builds the container, the per-feature factories and the coordinators, and decides
/// every lifetime: the HTTP client and the catalog live as long as the app; the orders
/// repository lives as long as one account; screens live as long as they are shown.
///
/// Source: Mark Seemann, "Composition Root" (2011).
@MainActor
final class ShopCompositionRoot: ShopApp {
  private let container: AppContainer
  private let navigator: any Navigator
  private let catalogFlow: any Coordinator
  private var accountFlow: any Coordinator

  init(configuration: AppConfiguration, navigator: any Navigator) {
    let container = AppContainer(configuration: configuration)
    self.container = container
    self.navigator = navigator
    catalogFlow = LegacyCatalogCoordinator(
      navigator: navigator,
      catalog: container.catalog,
      analytics: container.analytics,
      market: configuration.market
    )
    accountFlow = Self.makeAccountFlow(
      for: configuration.account, container: container, navigator: navigator)
  }

  func start() {
    catalogFlow.start()
  }

  func showOrders() {
    accountFlow.start()
  }

  func switchAccount(to account: Account) {
    accountFlow = Self.makeAccountFlow(for: account, container: container, navigator: navigator)
  }

  private static func makeAccountFlow(
    for account: Account,
    container: AppContainer,
    navigator: any Navigator
  ) -> any Coordinator {
    let factory = AccountModuleFactory(dependencies: container.makeAccountSession(for: account))
    return AccountCoordinator(factory: factory, navigator: navigator)
  }
}

/// Builds the whole app from `configuration`: the composition root's entry point.
///
/// Each call builds a separate object graph, so two apps with different configurations
/// can run side by side in one process.
///
/// - Parameters:
///   - configuration: The market, the first account and the outside world's edges.
///   - navigator: Shows the app's screens.
/// - Returns: The app, not yet started.
@MainActor
public func makeShopApp(configuration: AppConfiguration, navigator: any Navigator) -> any ShopApp {
  ShopCompositionRoot(configuration: configuration, navigator: navigator)
}

/// The catalog flow as it was before the factories: it builds its own screens.
@MainActor
final class LegacyCatalogCoordinator: Coordinator {
  private let navigator: any Navigator
  private let catalog: any CatalogService
  private let analytics: any AnalyticsTracker
  private let market: Market

  init(
    navigator: any Navigator,
    catalog: any CatalogService,
    analytics: any AnalyticsTracker,
    market: Market
  ) {
    self.navigator = navigator
    self.catalog = catalog
    self.analytics = analytics
    self.market = market
  }

  func start() {
    let viewModel = ProductListViewModel(catalog: catalog, analytics: analytics) {
      [weak self] product in
      self?.showDetail(of: product)
    }
    navigator.push(ProductListScreen(viewModel: viewModel))
  }

  private func showDetail(of product: Product) {
    if market == .us {
      let viewModel = ProductPageViewModel(product: product, catalog: catalog, analytics: analytics)
      navigator.push(ProductPageScreen(viewModel: viewModel))
    } else {
      let viewModel = ProductDetailViewModel(
        product: product, catalog: catalog, analytics: analytics)
      navigator.push(ProductDetailScreen(viewModel: viewModel))
    }
  }
}
