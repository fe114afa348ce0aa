// Variant: a half-done refactor. The coordinator now gets its screens from the factory,
// but it still stores the container "for the child flows later" and passes it around: a
// dependency pipeline. Wrong: Task 2 must find no service in a coordinator.

/// Runs the catalog flow.
@MainActor
final class CatalogCoordinator: Coordinator {
  private let factory: any CatalogFactory
  private let navigator: any Navigator
  private let services: any CatalogDependencies

  init(factory: any CatalogFactory, navigator: any Navigator, services: any CatalogDependencies) {
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
  CatalogCoordinator(
    factory: factory, navigator: navigator, services: AppContainer(configuration: .demo))
}
