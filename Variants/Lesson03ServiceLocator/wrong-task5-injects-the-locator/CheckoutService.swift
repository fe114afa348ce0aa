// Variant: the learner gave the service the locator itself through its initializer
// ("constructor injection of the registry") and kept resolving inside the methods. No
// global remains, and every test that builds the service and uses it at once passes, yet
// the service still looks its collaborators up while it works: whatever the locator
// holds at that moment wins. Must fail Task 5 (a later registration changes the service).

/// Places orders and gives refunds for the checkout screen.
public final class CheckoutService: Sendable {
  private let locator: ServiceLocator

  /// Creates a checkout service that finds its collaborators in `locator`.
  public init(locator: ServiceLocator) {
    self.locator = locator
  }

  /// Charges the customer for an order and keeps the receipt.
  public func placeOrder(_ order: Order) async throws -> Receipt {
    let payments = try locator.resolve(PaymentGateway.self)
    let transactionID: String
    do {
      transactionID = try await payments.charge(
        amountInCents: order.totalInCents,
        reference: order.id
      )
    } catch PaymentError.declined {
      try locator.resolve(Analytics.self).track("checkout_declined", orderID: order.id)
      throw PaymentError.declined
    }
    let receipt = Receipt(
      orderID: order.id,
      transactionID: transactionID,
      amountInCents: order.totalInCents
    )
    try await locator.resolve(ReceiptStore.self).save(receipt)
    try locator.resolve(Analytics.self).track("checkout_completed", orderID: order.id)
    return receipt
  }

  /// Gives the customer their money back for a paid order.
  public func refund(_ receipt: Receipt) async throws {
    try await locator.resolve(PaymentGateway.self).refund(
      transactionID: receipt.transactionID,
      amountInCents: receipt.amountInCents
    )
    try locator.resolve(Analytics.self).track("refund_issued", orderID: receipt.orderID)
  }
}
