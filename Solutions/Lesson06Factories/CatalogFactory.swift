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
/// it a spy factory and check which screens it asks for.
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

/// The catalog's module factory: knows how to assemble each catalog screen from the
/// container's services, and which product screen each market gets.
@MainActor
final class CatalogModuleFactory: CatalogFactory {
  private let dependencies: any CatalogDependencies
  private let market: Market

  init(dependencies: any CatalogDependencies, market: Market) {
    self.dependencies = dependencies
    self.market = market
  }

  func makeProductList(onSelect: @escaping @MainActor (Product) -> Void) -> any Screen {
    let viewModel = ProductListViewModel(
      catalog: dependencies.catalog,
      analytics: dependencies.analytics,
      onSelect: onSelect
    )
    return ProductListScreen(viewModel: viewModel)
  }

  func makeProductDetail(for product: Product) -> any Screen {
    // NB: the market variant lives here, so no coordinator ever branches on a market.
    switch market {
    case .us:
      let viewModel = ProductPageViewModel(
        product: product,
        catalog: dependencies.catalog,
        analytics: dependencies.analytics
      )
      return ProductPageScreen(viewModel: viewModel)
    case .eu:
      let viewModel = ProductDetailViewModel(
        product: product,
        catalog: dependencies.catalog,
        analytics: dependencies.analytics
      )
      return ProductDetailScreen(viewModel: viewModel)
    }
  }
}

/// Makes the catalog's module factory.
///
/// - Parameters:
///   - dependencies: The services the catalog's screens get.
///   - market: Decides which product screen ``CatalogFactory/makeProductDetail(for:)``
///     builds: the product page in the US, the classic detail elsewhere.
/// - Returns: A factory that builds a new screen on every call.
@MainActor
public func makeCatalogFactory(
  dependencies: any CatalogDependencies,
  market: Market
) -> any CatalogFactory {
  CatalogModuleFactory(dependencies: dependencies, market: market)
}
