// Variant: the catalog factory is a struct; the US market gets a decorator around the classic
// factory that replaces only the product screen, chosen in makeCatalogFactory; right (a
// variant chosen where screens are built, every screen fresh, no coordinator touched).

/// The services the catalog's screens need, and nothing else.
@MainActor
public protocol CatalogDependencies {
  /// The products and their stock.
  var catalog: any CatalogService { get }
  /// Where the catalog's screens count what customers do.
  var analytics: any AnalyticsTracker { get }
}

/// Builds the catalog's screens, each one fresh and fully wired.
@MainActor
public protocol CatalogFactory {
  /// Builds the product list.
  func makeProductList(onSelect: @escaping @MainActor (Product) -> Void) -> any Screen
  /// Builds the screen that shows one product.
  func makeProductDetail(for product: Product) -> any Screen
}

/// The classic catalog factory, a value.
@MainActor
struct CatalogModuleFactory: CatalogFactory {
  let dependencies: any CatalogDependencies

  init(dependencies: any CatalogDependencies, market: Market) {
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

/// The US decorator: the classic factory, with the redesigned product page.
@MainActor
struct ProductPageFactory: CatalogFactory {
  let classic: CatalogModuleFactory

  func makeProductList(onSelect: @escaping @MainActor (Product) -> Void) -> any Screen {
    classic.makeProductList(onSelect: onSelect)
  }

  func makeProductDetail(for product: Product) -> any Screen {
    ProductPageScreen(
      viewModel: ProductPageViewModel(
        product: product,
        catalog: classic.dependencies.catalog,
        analytics: classic.dependencies.analytics))
  }
}

/// Makes the catalog's module factory for `market`.
@MainActor
public func makeCatalogFactory(
  dependencies: any CatalogDependencies,
  market: Market
) -> any CatalogFactory {
  let classic = CatalogModuleFactory(dependencies: dependencies, market: market)
  switch market {
  case .us: return ProductPageFactory(classic: classic)
  case .eu: return classic
  }
}
