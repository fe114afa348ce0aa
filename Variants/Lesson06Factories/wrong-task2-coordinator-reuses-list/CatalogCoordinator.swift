// Variant: the catalog coordinator keeps the list it built and pushes it again on the next
// start(); wrong (Task 2: each start shows a new list from the factory, a kept one brings
// back its old state); caught by "Starting again asks the factory for a new list".

/// Runs the catalog flow: the product list, then the product the customer picks.
///
/// It decides when each screen appears and nothing else: the factory builds the screens,
/// the navigator shows them, and the coordinator holds no service.
@MainActor
final class CatalogCoordinator: Coordinator {
  private let factory: any CatalogFactory
  private let navigator: any Navigator
  private var list: (any Screen)?

  init(factory: any CatalogFactory, navigator: any Navigator) {
    self.factory = factory
    self.navigator = navigator
  }

  func start() {
    let list =
      self.list
      ?? factory.makeProductList { [weak self] product in
        self?.showDetail(of: product)
      }
    self.list = list
    navigator.push(list)
  }

  private func showDetail(of product: Product) {
    navigator.push(factory.makeProductDetail(for: product))
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
  CatalogCoordinator(factory: factory, navigator: navigator)
}
