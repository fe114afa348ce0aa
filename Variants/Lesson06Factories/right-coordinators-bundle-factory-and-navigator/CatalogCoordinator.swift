// Variant: the coordinator keeps its factory and navigator together in a named tuple, plus
// plain flow state: how many products were opened, the screen it showed last (weakly) and
// a list of child flows. Right: it stores no service, no container and no market; the
// tests look through tuples and into stored values, but never into the factory.

/// Runs the catalog flow.
@MainActor
final class CatalogCoordinator: Coordinator {
  private let parts: (factory: any CatalogFactory, navigator: any Navigator)
  private var openedProducts = 0
  private weak var lastShown: (any Screen)?
  private var children: [any Coordinator] = []

  init(factory: any CatalogFactory, navigator: any Navigator) {
    parts = (factory, navigator)
  }

  func start() {
    let list = parts.factory.makeProductList { [weak self] product in
      self?.showDetail(of: product)
    }
    show(list)
  }

  private func showDetail(of product: Product) {
    openedProducts += 1
    show(parts.factory.makeProductDetail(for: product))
  }

  private func show(_ screen: any Screen) {
    lastShown = screen
    parts.navigator.push(screen)
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
