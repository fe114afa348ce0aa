/// An order the customer is about to pay for.
public struct Order: Equatable, Sendable {
  /// The order's number, shown to the customer and sent to the payment provider.
  public let id: String
  /// What the customer pays, in cents.
  public let totalInCents: Int

  /// Creates an order.
  ///
  /// - Parameters:
  ///   - id: The order's number.
  ///   - totalInCents: What the customer pays, in cents.
  public init(id: String, totalInCents: Int) {
    self.id = id
    self.totalInCents = totalInCents
  }
}
