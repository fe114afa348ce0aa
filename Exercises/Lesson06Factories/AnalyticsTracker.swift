/// Something a customer did that the product team wants to count.
public enum AnalyticsEvent: Hashable, Sendable {
  /// The customer tapped a product in the list.
  case productSelected(Product.ID)
  /// A product's detail or page appeared.
  case productViewed(Product.ID)
  /// The order history appeared.
  case ordersViewed
}

/// Records analytics events. Stateless from the caller's view, so one serves the app.
public protocol AnalyticsTracker: Sendable {
  /// Records `event`. Never fails: analytics must not break a screen.
  func track(_ event: AnalyticsEvent)
}

/// Prints each event, for demos.
public struct PrintingAnalyticsTracker: AnalyticsTracker {
  /// Creates the tracker.
  public init() {}

  public func track(_ event: AnalyticsEvent) {
    print("analytics:", event)
  }
}
