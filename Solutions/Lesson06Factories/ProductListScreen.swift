/// The catalog's first screen: every product on sale.
@MainActor
public final class ProductListScreen: Screen {
  /// The screen's state and actions.
  public let viewModel: ProductListViewModel
  public let title = "Products"

  /// Creates the screen around its view model.
  public init(viewModel: ProductListViewModel) {
    self.viewModel = viewModel
  }
}

/// Loads the products and reports which one the customer picks.
@MainActor
public final class ProductListViewModel {
  /// What the list shows.
  public enum State: Equatable, Sendable {
    /// Nothing asked yet.
    case idle
    /// Waiting for the catalog.
    case loading
    /// The products, at least one.
    case loaded([Product])
    /// The catalog has no products.
    case empty
    /// Loading failed; the text says why.
    case failed(String)
  }

  /// What the list shows now.
  public private(set) var state = State.idle
  private let catalog: any CatalogService
  private let analytics: any AnalyticsTracker
  private let onSelect: @MainActor (Product) -> Void

  /// Creates the view model.
  ///
  /// - Parameters:
  ///   - catalog: Where the products come from.
  ///   - analytics: Where selections are counted.
  ///   - onSelect: Called with the product the customer picks; the flow decides what
  ///     comes next.
  public init(
    catalog: any CatalogService,
    analytics: any AnalyticsTracker,
    onSelect: @escaping @MainActor (Product) -> Void
  ) {
    self.catalog = catalog
    self.analytics = analytics
    self.onSelect = onSelect
  }

  /// The products loaded so far; empty until ``load()`` succeeds.
  public var products: [Product] {
    if case .loaded(let products) = state { return products }
    return []
  }

  /// Loads the products from the catalog.
  public func load() async {
    state = .loading
    do {
      let products = try await catalog.products()
      state = products.isEmpty ? .empty : .loaded(products)
    } catch {
      state = .failed(String(describing: error))
    }
  }

  /// The customer tapped `product`.
  public func select(_ product: Product) {
    analytics.track(.productSelected(product.id))
    onSelect(product)
  }
}
