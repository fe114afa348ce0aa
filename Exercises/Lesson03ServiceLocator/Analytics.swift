/// Records what customers do, for the product team's dashboards.
public protocol Analytics: Sendable {
  /// Records one event.
  ///
  /// - Parameters:
  ///   - event: What happened, for example `"checkout_completed"`.
  ///   - orderID: The order it happened to.
  func track(_ event: String, orderID: String)
}
