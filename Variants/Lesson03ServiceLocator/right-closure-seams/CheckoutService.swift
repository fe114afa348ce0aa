// Variant: the learner gave the service one closure per operation it needs instead of
// three protocol-typed collaborators. The seams are still in the initializer, just
// narrower; the composition root adapts real services (or fakes) to them. Must pass.

/// Places orders and gives refunds for the checkout screen.
public final class CheckoutService: Sendable {
  /// Charges an amount in cents for an order number; returns the transaction ID.
  public typealias Charge =
    @Sendable (_ amountInCents: Int, _ reference: String) async throws
    -> String
  /// Refunds an amount in cents on a transaction.
  public typealias Refund =
    @Sendable (_ transactionID: String, _ amountInCents: Int) async throws
    -> Void
  /// Keeps a receipt.
  public typealias SaveReceipt = @Sendable (Receipt) async throws -> Void
  /// Records an event for an order.
  public typealias Track = @Sendable (_ event: String, _ orderID: String) -> Void

  private let charge: Charge
  private let refund: Refund
  private let saveReceipt: SaveReceipt
  private let track: Track

  /// Creates a checkout service from the four operations it uses.
  public init(
    charge: @escaping Charge, refund: @escaping Refund,
    saveReceipt: @escaping SaveReceipt, track: @escaping Track
  ) {
    self.charge = charge
    self.refund = refund
    self.saveReceipt = saveReceipt
    self.track = track
  }

  /// Charges the customer for an order and keeps the receipt.
  public func placeOrder(_ order: Order) async throws -> Receipt {
    let transactionID: String
    do {
      transactionID = try await charge(order.totalInCents, order.id)
    } catch PaymentError.declined {
      track("checkout_declined", order.id)
      throw PaymentError.declined
    }
    let receipt = Receipt(
      orderID: order.id, transactionID: transactionID, amountInCents: order.totalInCents)
    try await saveReceipt(receipt)
    track("checkout_completed", order.id)
    return receipt
  }

  /// Gives the customer their money back for a paid order.
  public func refund(_ receipt: Receipt) async throws {
    try await refund(receipt.transactionID, receipt.amountInCents)
    track("refund_issued", receipt.orderID)
  }
}
