/// The redesigned product page the shop is trying in the US market.
@MainActor
public final class ProductPageScreen: Screen {
  /// The screen's state and actions.
  public let viewModel: ProductPageViewModel
  public var title: String { viewModel.product.name }

  /// Creates the screen around its view model.
  public init(viewModel: ProductPageViewModel) {
    self.viewModel = viewModel
  }
}

/// Shows one product with an urgency badge instead of a stock count.
@MainActor
public final class ProductPageViewModel {
  /// The product this page is about, chosen at run time.
  public let product: Product
  /// The badge above the buy button, once the stock is known.
  public private(set) var badge: String?
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

  /// Counts the view and loads the stock behind the badge.
  public func load() async {
    analytics.track(.productViewed(product.id))
    do {
      let stock = try await catalog.stock(of: product.id)
      badge = stock == 0 ? "Sold out" : stock < 5 ? "Only \(stock) left" : "Ships today"
      errorMessage = nil
    } catch {
      errorMessage = String(describing: error)
    }
  }
}
