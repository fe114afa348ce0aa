/// Runs the catalog flow: the product list, then the product the customer picks.
@MainActor
final class CatalogCoordinator: Coordinator {
  private let navigator: any Navigator
  // TODO: Task 2 — the coordinator uses none of these itself; it only hands them on.
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
    // TODO: Task 3 — the coordinator should not know how a detail screen is put together.
    // TODO: Task 4 — every new market would add a branch here, in a class about navigation.
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

/// Makes the catalog flow's coordinator.
///
/// - Parameters:
///   - factory: Builds every screen the flow shows.
///   - navigator: Shows them.
/// - Returns: A coordinator whose ``Coordinator/start()`` shows the product list.
@MainActor
public func makeCatalogCoordinator(
  factory: any CatalogFactory,
  navigator: any Navigator
) -> any Coordinator {
  // TODO: Task 2 — build the coordinator from `factory` and `navigator`, and nothing else.
  let container = AppContainer.shared
  return CatalogCoordinator(
    navigator: navigator,
    catalog: container.catalog,
    analytics: container.analytics,
    market: container.market
  )
}
