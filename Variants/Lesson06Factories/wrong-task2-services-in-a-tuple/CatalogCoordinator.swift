// Variant: a half-done refactor. The coordinator gets its screens from the factory, but it
// still keeps the catalog and analytics "for the child flows later", bundled in a tuple so
// that it holds no container. Wrong: a tuple of services is still services the coordinator
// only passes on, a dependency pipeline (Task 2).

/// Runs the catalog flow.
@MainActor
final class CatalogCoordinator: Coordinator {
  private let factory: any CatalogFactory
  private let navigator: any Navigator
  private let services: (catalog: any CatalogService, analytics: any AnalyticsTracker)

  init(
    factory: any CatalogFactory,
    navigator: any Navigator,
    services: (catalog: any CatalogService, analytics: any AnalyticsTracker)
  ) {
    self.factory = factory
    self.navigator = navigator
    self.services = services
  }

  func start() {
    let list = factory.makeProductList { [weak self] product in
      self?.showDetail(of: product)
    }
    navigator.push(list)
  }

  private func showDetail(of product: Product) {
    navigator.push(factory.makeProductDetail(for: product))
  }
}

/// Makes the catalog flow's coordinator.
@MainActor
public func makeCatalogCoordinator(
  factory: any CatalogFactory,
  navigator: any Navigator
) -> any Coordinator {
  let container = AppContainer(configuration: .demo)
  return CatalogCoordinator(
    factory: factory,
    navigator: navigator,
    services: (catalog: container.catalog, analytics: container.analytics)
  )
}
