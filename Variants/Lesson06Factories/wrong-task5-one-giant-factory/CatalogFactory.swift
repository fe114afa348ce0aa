// Variant: one giant ShopModuleFactory builds every feature's screens, with optional
// dependencies per feature. Wrong: Task 5 asks for one factory per feature; a giant one
// becomes the file every team edits.

/// The services the catalog's screens need, and nothing else.
///
/// A consumer-shaped view of the app's container: the catalog factory cannot reach the
/// orders, because it has no business with them.
@MainActor
public protocol CatalogDependencies {
  /// The products and their stock.
  var catalog: any CatalogService { get }
  /// Where the catalog's screens count what customers do.
  var analytics: any AnalyticsTracker { get }
}

/// Builds the catalog's screens, each one fresh and fully wired.
///
/// A coordinator depends on this protocol, not on a concrete factory, so a test can hand
/// it a mock factory and check which screens it asks for.
///
/// Source: the Abstract Factory of Gamma et al., *Design Patterns* (1994), in the role the
/// coordinator pattern gives it: Soroush Khanlou, "The Coordinator" (2015).
@MainActor
public protocol CatalogFactory {
  /// Builds the product list.
  ///
  /// - Parameter onSelect: Called with the product the customer picks.
  /// - Returns: A new screen.
  func makeProductList(onSelect: @escaping @MainActor (Product) -> Void) -> any Screen

  /// Builds the screen that shows one product.
  ///
  /// - Parameter product: The product, known only at run time.
  /// - Returns: A new screen; which kind depends on how the factory was configured.
  func makeProductDetail(for product: Product) -> any Screen
}

/// Builds every screen of the app, for whichever features it was given dependencies.
@MainActor
final class ShopModuleFactory: CatalogFactory, AccountFactory {
  private let catalogDependencies: (any CatalogDependencies)?
  private let accountDependencies: (any AccountDependencies)?
  private let market: Market

  init(
    catalog: (any CatalogDependencies)?,
    account: (any AccountDependencies)?,
    market: Market = .eu
  ) {
    catalogDependencies = catalog
    accountDependencies = account
    self.market = market
  }

  func makeProductList(onSelect: @escaping @MainActor (Product) -> Void) -> any Screen {
    ProductListScreen(
      viewModel: ProductListViewModel(
        catalog: catalogDependencies?.catalog ?? Missing(),
        analytics: catalogDependencies?.analytics ?? Missing(),
        onSelect: onSelect
      ))
  }

  func makeProductDetail(for product: Product) -> any Screen {
    let catalog = catalogDependencies?.catalog ?? Missing()
    let analytics = catalogDependencies?.analytics ?? Missing()
    switch market {
    case .us:
      return ProductPageScreen(
        viewModel: ProductPageViewModel(product: product, catalog: catalog, analytics: analytics))
    case .eu:
      return ProductDetailScreen(
        viewModel: ProductDetailViewModel(product: product, catalog: catalog, analytics: analytics))
    }
  }

  func makeOrderHistory() -> any Screen {
    OrderHistoryScreen(
      viewModel: OrderHistoryViewModel(
        repository: accountDependencies?.orders ?? Missing(),
        analytics: accountDependencies?.analytics ?? Missing()
      ))
  }
}

/// What a feature gets when the factory was not given its dependencies.
struct Missing: CatalogService, OrdersRepository, AnalyticsTracker {
  func products() async throws -> [Product] { [] }
  func stock(of productID: Product.ID) async throws -> Int { 0 }
  func orders() async throws -> [Order] { [] }
  func track(_ event: AnalyticsEvent) {}
}

/// Makes the catalog's module factory.
@MainActor
public func makeCatalogFactory(
  dependencies: any CatalogDependencies,
  market: Market
) -> any CatalogFactory {
  ShopModuleFactory(catalog: dependencies, account: nil, market: market)
}
