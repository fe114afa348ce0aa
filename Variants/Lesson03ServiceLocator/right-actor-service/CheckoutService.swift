// Variant: the learner made the checkout service an actor that receives its three
// collaborators through its initializer; an actor is Sendable by itself, and its methods
// were async already. Another correct design; must pass.

/// Places orders and gives refunds for the checkout screen.
public actor CheckoutService {
  private let payments: any PaymentGateway
  private let receipts: any ReceiptStore
  private let analytics: any Analytics

  /// Creates a checkout service around the collaborators it works with.
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
  public func placeOrder(_ order: Order) async throws -> Receipt {
    let transactionID: String
    do {
      transactionID = try await payments.charge(
        amountInCents: order.totalInCents, reference: order.id)
    } catch let error as PaymentError {
      if error == .declined { analytics.track("checkout_declined", orderID: order.id) }
      throw error
    }
    let receipt = Receipt(
      orderID: order.id, transactionID: transactionID, amountInCents: order.totalInCents)
    try await receipts.save(receipt)
    analytics.track("checkout_completed", orderID: order.id)
    return receipt
  }

  /// Gives the customer their money back for a paid order.
  public func refund(_ receipt: Receipt) async throws {
    try await payments.refund(
      transactionID: receipt.transactionID, amountInCents: receipt.amountInCents)
    analytics.track("refund_issued", orderID: receipt.orderID)
  }
}
