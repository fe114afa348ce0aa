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

/// The catalog's module factory. Someone started it; so far it wires nothing.
@MainActor
final class CatalogModuleFactory: CatalogFactory {
  init(dependencies: any CatalogDependencies, market: Market) {}

  func makeProductList(onSelect: @escaping @MainActor (Product) -> Void) -> any Screen {
    // TODO: Task 1 — the list needs the services this factory was given, not placeholders.
    let viewModel = ProductListViewModel(
      catalog: Unwired(task: 1),
      analytics: Unwired(task: 1),
      onSelect: onSelect
    )
    return ProductListScreen(viewModel: viewModel)
  }

  func makeProductDetail(for product: Product) -> any Screen {
    // TODO: Task 3 — the detail needs the chosen product and this factory's services.
    // TODO: Task 4 — customers in the US get a different screen for a product.
    let viewModel = ProductDetailViewModel(
      product: product,
      catalog: Unwired(task: 3),
      analytics: Unwired(task: 3)
    )
    return ProductDetailScreen(viewModel: viewModel)
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

/// Stands in for a service nobody has passed in yet. Every call fails with a message
/// that names the task to do; analytics events are dropped.
struct Unwired: CatalogService, OrdersRepository, AnalyticsTracker {
  /// The lesson task that wires the real service in.
  let task: Int

  func products() async throws -> [Product] { throw NotWiredYet(task: task) }
  func stock(of productID: Product.ID) async throws -> Int { throw NotWiredYet(task: task) }
  func orders() async throws -> [Order] { throw NotWiredYet(task: task) }
  func track(_ event: AnalyticsEvent) {}
}

/// The error an ``Unwired`` service throws.
struct NotWiredYet: Error, CustomStringConvertible {
  let task: Int

  var description: String {
    """
    This screen got a placeholder instead of a real service: do Task \(task) of \
    lessons/06-factories.md.
    """
  }
}
