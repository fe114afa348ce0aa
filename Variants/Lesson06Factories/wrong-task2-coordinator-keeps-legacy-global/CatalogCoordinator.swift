// Variant: the coordinator gets its screens from the factory, but keeps a reference to the
// old global container, renamed `LegacyContainer` and conforming to no dependencies
// protocol, "for the flows not moved to factories yet" (see AppContainer.swift). Wrong: the
// coordinator still stores a container full of services (Task 2), and reaches it through a
// global.

/// Runs the catalog flow.
@MainActor
final class CatalogCoordinator: Coordinator {
  private let factory: any CatalogFactory
  private let navigator: any Navigator
  private let container = LegacyContainer.shared

  init(factory: any CatalogFactory, navigator: any Navigator) {
    self.factory = factory
    self.navigator = navigator
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
  CatalogCoordinator(factory: factory, navigator: navigator)
}
