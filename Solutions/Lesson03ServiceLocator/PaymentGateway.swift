/// Takes and returns customers' money through a payment provider.
public protocol PaymentGateway: Sendable {
  /// Charges the customer.
  ///
  /// - Parameters:
  ///   - amountInCents: What to charge, in cents.
  ///   - reference: The order's number, shown on the customer's statement.
  /// - Returns: The provider's transaction ID for the charge.
  /// - Throws: `PaymentError.declined` when the provider refuses the charge.
  func charge(amountInCents: Int, reference: String) async throws -> String

  /// Gives back money that was charged.
  ///
  /// - Parameters:
  ///   - transactionID: The charge to refund, as `charge(amountInCents:reference:)` returned it.
  ///   - amountInCents: How much to give back, in cents.
  func refund(transactionID: String, amountInCents: Int) async throws
}

/// Why a payment provider refused a request.
public enum PaymentError: Error, Equatable, CustomStringConvertible {
  /// The customer's bank said no.
  case declined

  public var description: String {
    switch self {
    case .declined: "The payment was declined."
    }
  }
}
