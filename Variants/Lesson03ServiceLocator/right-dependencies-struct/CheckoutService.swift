// Variant: the learner grouped the collaborators in a Dependencies struct that the
// initializer takes, the way many apps pass an "environment" of services. Every method
// reads from it; nothing is looked up. Must pass.

/// Places orders and gives refunds for the checkout screen.
public final class CheckoutService: Sendable {
  /// Everything the service works with.
  public struct Dependencies: Sendable {
    public var payments: any PaymentGateway
    public var receipts: any ReceiptStore
    public var analytics: any Analytics

    public init(
      payments: any PaymentGateway, receipts: any ReceiptStore, analytics: any Analytics
    ) {
      self.payments = payments
      self.receipts = receipts
      self.analytics = analytics
    }
  }

  private let dependencies: Dependencies

  /// Creates a checkout service.
  public init(_ dependencies: Dependencies) {
    self.dependencies = dependencies
  }

  /// Charges the customer for an order and keeps the receipt.
  public func placeOrder(_ order: Order) async throws -> Receipt {
    let transactionID: String
    do {
      transactionID = try await dependencies.payments.charge(
        amountInCents: order.totalInCents, reference: order.id)
    } catch let error as PaymentError where error == .declined {
      dependencies.analytics.track("checkout_declined", orderID: order.id)
      throw error
    }
    let receipt = Receipt(
      orderID: order.id, transactionID: transactionID, amountInCents: order.totalInCents)
    try await dependencies.receipts.save(receipt)
    dependencies.analytics.track("checkout_completed", orderID: order.id)
    return receipt
  }

  /// Gives the customer their money back for a paid order.
  public func refund(_ receipt: Receipt) async throws {
    try await dependencies.payments.refund(
      transactionID: receipt.transactionID, amountInCents: receipt.amountInCents)
    dependencies.analytics.track("refund_issued", orderID: receipt.orderID)
  }
}
