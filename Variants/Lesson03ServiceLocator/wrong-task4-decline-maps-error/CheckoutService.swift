// Variant: the learner injected all three collaborators, and on a decline, tracked it and
// then threw the app's own error (`CheckoutError.paymentDeclined`) "so the screen gets a
// checkout error", instead of rethrowing PaymentError.declined as documented. No lookup
// is left anywhere. Must fail Task 4 (a declined payment rethrows PaymentError.declined),
// with a message about the mapped error, not about a lookup.

/// What the checkout screen shows when an order cannot be placed.
public enum CheckoutError: Error, Equatable {
  /// The bank refused the payment for this order.
  case paymentDeclined(orderID: String)
}

/// Places orders and gives refunds for the checkout screen.
///
/// Everything it works with arrives through its initializer (constructor injection), so
/// its signature lists what it needs, and a test hands it fakes without registering
/// anything anywhere.
public final class CheckoutService: Sendable {
  private let payments: any PaymentGateway
  private let receipts: any ReceiptStore
  private let analytics: any Analytics

  /// Creates a checkout service.
  ///
  /// - Parameters:
  ///   - payments: Charges and refunds the customer.
  ///   - receipts: Keeps the receipt of every completed order.
  ///   - analytics: Records completed, declined and refunded orders.
  public init(
    payments: any PaymentGateway,
    receipts: any ReceiptStore,
    analytics: any Analytics
  ) {
    self.payments = payments
    self.receipts = receipts
    self.analytics = analytics
  }

  /// Charges the customer for an order and keeps the receipt.
  ///
  /// - Parameter order: The order to pay for.
  /// - Returns: The receipt, already saved.
  /// - Throws: `PaymentError.declined` when the customer's bank refuses (the decline is
  ///   tracked first), or whatever the receipt store throws.
  public func placeOrder(_ order: Order) async throws -> Receipt {
    let transactionID: String
    do {
      transactionID = try await payments.charge(
        amountInCents: order.totalInCents,
        reference: order.id
      )
    } catch PaymentError.declined {
      analytics.track("checkout_declined", orderID: order.id)
      throw CheckoutError.paymentDeclined(orderID: order.id)
    }
    let receipt = Receipt(
      orderID: order.id,
      transactionID: transactionID,
      amountInCents: order.totalInCents
    )
    try await receipts.save(receipt)
    analytics.track("checkout_completed", orderID: order.id)
    return receipt
  }

  /// Gives the customer their money back for a paid order.
  ///
  /// - Parameter receipt: The receipt of the order to refund.
  /// - Throws: Whatever the payment gateway throws.
  public func refund(_ receipt: Receipt) async throws {
    try await payments.refund(
      transactionID: receipt.transactionID,
      amountInCents: receipt.amountInCents
    )
    analytics.track("refund_issued", orderID: receipt.orderID)
  }
}
