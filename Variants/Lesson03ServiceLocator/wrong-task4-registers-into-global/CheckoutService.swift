// Variant: (supporting file) the starter's service, which finds its collaborators in
// ServiceLocator.shared when a method runs.
public final class CheckoutService: Sendable {
  /// Creates a checkout service.
  public init() {}

  /// Charges the customer for an order and keeps the receipt.
  ///
  /// - Parameter order: The order to pay for.
  /// - Returns: The receipt, already saved.
  /// - Throws: `PaymentError.declined` when the customer's bank refuses (the decline is
  ///   tracked first), or a `ServiceLocatorError` when a service is not registered.
  public func placeOrder(_ order: Order) async throws -> Receipt {
    let payments = try ServiceLocator.shared.resolve(PaymentGateway.self)
    let transactionID: String
    do {
      transactionID = try await payments.charge(
        amountInCents: order.totalInCents,
        reference: order.id
      )
    } catch PaymentError.declined {
      let analytics = try ServiceLocator.shared.resolve(Analytics.self)
      analytics.track("checkout_declined", orderID: order.id)
      throw PaymentError.declined
    }
    let receipt = Receipt(
      orderID: order.id,
      transactionID: transactionID,
      amountInCents: order.totalInCents
    )
    try await ServiceLocator.shared.resolve(ReceiptStore.self).save(receipt)
    try ServiceLocator.shared.resolve(Analytics.self)
      .track("checkout_completed", orderID: order.id)
    return receipt
  }

  /// Gives the customer their money back for a paid order.
  ///
  /// - Parameter receipt: The receipt of the order to refund.
  /// - Throws: Whatever the payment gateway throws, or a `ServiceLocatorError`.
  public func refund(_ receipt: Receipt) async throws {
    try await ServiceLocator.shared.resolve(PaymentGateway.self).refund(
      transactionID: receipt.transactionID,
      amountInCents: receipt.amountInCents
    )
    try ServiceLocator.shared.resolve(Analytics.self)
      .track("refund_issued", orderID: receipt.orderID)
  }
}
