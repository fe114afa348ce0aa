// Variant: the learner injected all three collaborators but kept analytics in a static,
// "because analytics is app-wide": each new service overwrites it, so every service
// reports to the analytics of the one built last. A test that builds one service at a
// time passes. Must fail Task 4 (two services built with different fakes each use their
// own, on every path).
import Synchronization

/// Analytics that records nothing, used before any service was built.
struct SilentAnalytics: Analytics {
  func track(_ event: String, orderID: String) {}
}

/// Places orders and gives refunds for the checkout screen.
///
/// Everything it works with arrives through its initializer (constructor injection), so
/// its signature lists what it needs, and a test hands it fakes without registering
/// anything anywhere.
public final class CheckoutService: Sendable {
  private let payments: any PaymentGateway
  private let receipts: any ReceiptStore
  // One analytics for the whole app, so every service reports to the same place.
  private static let sharedAnalytics = Mutex<(any Analytics)?>(nil)
  private var analytics: any Analytics {
    Self.sharedAnalytics.withLock { $0 } ?? SilentAnalytics()
  }

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
    Self.sharedAnalytics.withLock { $0 = analytics }
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
