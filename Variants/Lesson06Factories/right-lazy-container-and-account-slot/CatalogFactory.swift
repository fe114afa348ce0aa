// Variant: the US product page is a decorator around the classic factory, chosen where the
// factory is made. Right: the coordinator never sees the market.

/// The services the catalog's screens need.
@MainActor
public protocol CatalogDependencies {
  /// The products and their stock.
  var catalog: any CatalogService { get }
  /// Where the catalog's screens count what customers do.
  var analytics: any AnalyticsTracker { get }
}

/// Builds the catalog's screens.
@MainActor
public protocol CatalogFactory {
  /// Builds the product list.
  func makeProductList(onSelect: @escaping @MainActor (Product) -> Void) -> any Screen
  /// Builds the screen that shows one product.
  func makeProductDetail(for product: Product) -> any Screen
}

/// The classic catalog screens.
@MainActor
final class CatalogModuleFactory: CatalogFactory {
  private let dependencies: any CatalogDependencies

  init(dependencies: any CatalogDependencies) {
    self.dependencies = dependencies
  }

  func makeProductList(onSelect: @escaping @MainActor (Product) -> Void) -> any Screen {
    ProductListScreen(
      viewModel: ProductListViewModel(
        catalog: dependencies.catalog, analytics: dependencies.analytics, onSelect: onSelect))
  }

  func makeProductDetail(for product: Product) -> any Screen {
    ProductDetailScreen(
      viewModel: ProductDetailViewModel(
        product: product, catalog: dependencies.catalog, analytics: dependencies.analytics))
  }
}

/// The US catalog: the classic one, except for the product page.
@MainActor
final class ProductPageCatalogFactory: CatalogFactory {
  private let classic: any CatalogFactory
  private let dependencies: any CatalogDependencies

  init(wrapping classic: any CatalogFactory, dependencies: any CatalogDependencies) {
    self.classic = classic
    self.dependencies = dependencies
  }

  func makeProductList(onSelect: @escaping @MainActor (Product) -> Void) -> any Screen {
    classic.makeProductList(onSelect: onSelect)
  }

  func makeProductDetail(for product: Product) -> any Screen {
    ProductPageScreen(
      viewModel: ProductPageViewModel(
        product: product, catalog: dependencies.catalog, analytics: dependencies.analytics))
  }
}

/// Makes the catalog's factory for `market`.
@MainActor
public func makeCatalogFactory(
  dependencies: any CatalogDependencies,
  market: Market
) -> any CatalogFactory {
  let classic = CatalogModuleFactory(dependencies: dependencies)
  switch market {
  case .us: return ProductPageCatalogFactory(wrapping: classic, dependencies: dependencies)
  case .eu: return classic
  }
}
