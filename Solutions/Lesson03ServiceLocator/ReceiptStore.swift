/// Keeps receipts, so the customer can find them under "My orders".
public protocol ReceiptStore: Sendable {
  /// Stores a receipt.
  ///
  /// - Parameter receipt: The receipt of a completed payment.
  func save(_ receipt: Receipt) async throws
}
