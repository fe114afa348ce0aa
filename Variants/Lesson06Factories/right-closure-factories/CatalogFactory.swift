// Variant: the catalog factory is a struct of closures, assembled by one function that
// also picks the market's detail screen. The coordinator keeps closures, not objects.
// Right: screens are built fresh, the market is decided outside the coordinator, and
// nothing is global.

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

/// A catalog factory made of two building closures.
@MainActor
struct ClosureCatalogFactory: CatalogFactory {
  let productList: @MainActor (@escaping @MainActor (Product) -> Void) -> any Screen
  let productDetail: @MainActor (Product) -> any Screen

  func makeProductList(onSelect: @escaping @MainActor (Product) -> Void) -> any Screen {
    productList(onSelect)
  }

  func makeProductDetail(for product: Product) -> any Screen {
    productDetail(product)
  }
}

/// Makes the catalog's factory for `market`.
@MainActor
public func makeCatalogFactory(
  dependencies: any CatalogDependencies,
  market: Market
) -> any CatalogFactory {
  let catalog = dependencies.catalog
  let analytics = dependencies.analytics
  let classicDetail: @MainActor (Product) -> any Screen = { product in
    ProductDetailScreen(
      viewModel: ProductDetailViewModel(product: product, catalog: catalog, analytics: analytics))
  }
  let productPage: @MainActor (Product) -> any Screen = { product in
    ProductPageScreen(
      viewModel: ProductPageViewModel(product: product, catalog: catalog, analytics: analytics))
  }
  return ClosureCatalogFactory(
    productList: { onSelect in
      ProductListScreen(
        viewModel: ProductListViewModel(catalog: catalog, analytics: analytics, onSelect: onSelect))
    },
    productDetail: market == .us ? productPage : classicDetail
  )
}
