/// The classic product detail: name, price and how many are in stock.
@MainActor
public final class ProductDetailScreen: Screen {
  /// The screen's state and actions.
  public let viewModel: ProductDetailViewModel
  public var title: String { viewModel.product.name }

  /// Creates the screen around its view model.
  public init(viewModel: ProductDetailViewModel) {
    self.viewModel = viewModel
  }
}

/// Shows one product and loads its stock.
@MainActor
public final class ProductDetailViewModel {
  /// The product this screen is about, chosen at run time.
  public let product: Product
  /// Items in stock, once loaded.
  public private(set) var stock: Int?
  /// Why loading failed, if it did.
  public private(set) var errorMessage: String?
  private let catalog: any CatalogService
  private let analytics: any AnalyticsTracker

  /// Creates the view model.
  ///
  /// - Parameters:
  ///   - product: The product to show.
  ///   - catalog: Where the stock comes from.
  ///   - analytics: Where views are counted.
  public init(product: Product, catalog: any CatalogService, analytics: any AnalyticsTracker) {
    self.product = product
    self.catalog = catalog
    self.analytics = analytics
  }

  /// The line under the price.
  public var availability: String {
    guard let stock else { return "" }
    return stock > 0 ? "In stock: \(stock)" : "Out of stock"
  }

  /// Counts the view and loads the stock.
  public func load() async {
    analytics.track(.productViewed(product.id))
    do {
      stock = try await catalog.stock(of: product.id)
      errorMessage = nil
    } catch {
      errorMessage = String(describing: error)
    }
  }
}
