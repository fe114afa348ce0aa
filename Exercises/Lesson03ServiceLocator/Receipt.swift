/// Proof that an order was paid for.
public struct Receipt: Equatable, Sendable {
  /// The order that was paid for.
  public let orderID: String
  /// The payment provider's reference for the charge; a refund quotes it.
  public let transactionID: String
  /// What was charged, in cents.
  public let amountInCents: Int

  /// Creates a receipt.
  ///
  /// - Parameters:
  ///   - orderID: The order that was paid for.
  ///   - transactionID: The payment provider's reference for the charge.
  ///   - amountInCents: What was charged, in cents.
  public init(orderID: String, transactionID: String, amountInCents: Int) {
    self.orderID = orderID
    self.transactionID = transactionID
    self.amountInCents = amountInCents
  }
}
