// Variant: the learner handed the service the locator (`init(locator:)`) and resolved all
// three collaborators inside the initializer, keeping what it got. Nothing changes later,
// every test that only uses the service is happy, yet the initializer still hides what the
// service needs and the service's own code still looks things up: a service locator.
// Must fail Task 5 (only the composition root resolves).

/// Places orders and gives refunds for the checkout screen.
public final class CheckoutService: Sendable {
  private let payments: any PaymentGateway
  private let receipts: any ReceiptStore
  private let analytics: any Analytics

  /// Creates a checkout service that takes what it needs from `locator`, once.
  public init(locator: ServiceLocator) throws {
    payments = try locator.resolve(PaymentGateway.self)
    receipts = try locator.resolve(ReceiptStore.self)
    analytics = try locator.resolve(Analytics.self)
  }

  /// Charges the customer for an order and keeps the receipt.
  public func placeOrder(_ order: Order) async throws -> Receipt {
    let transactionID: String
    do {
      transactionID = try await payments.charge(
        amountInCents: order.totalInCents,
        reference: order.id
      )
    } catch PaymentError.declined {
      analytics.track("checkout_declined", orderID: order.id)
      throw PaymentError.declined
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
  public func refund(_ receipt: Receipt) async throws {
    try await payments.refund(
      transactionID: receipt.transactionID,
      amountInCents: receipt.amountInCents
    )
    analytics.track("refund_issued", orderID: receipt.orderID)
  }
}
