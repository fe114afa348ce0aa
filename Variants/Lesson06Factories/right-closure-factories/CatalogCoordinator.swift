// Variant: the coordinator turns its factory and navigator into closures at init. Right:
// it still holds no service and no market.

/// Runs the catalog flow.
@MainActor
final class CatalogCoordinator: Coordinator {
  private let makeList: @MainActor (@escaping @MainActor (Product) -> Void) -> any Screen
  private let makeDetail: @MainActor (Product) -> any Screen
  private let show: @MainActor (any Screen) -> Void

  init(factory: any CatalogFactory, navigator: any Navigator) {
    makeList = { factory.makeProductList(onSelect: $0) }
    makeDetail = { factory.makeProductDetail(for: $0) }
    show = { navigator.push($0) }
  }

  func start() {
    show(makeList { [weak self] product in self?.showDetail(of: product) })
  }

  private func showDetail(of product: Product) {
    show(makeDetail(product))
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
