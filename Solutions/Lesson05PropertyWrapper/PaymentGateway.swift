import Foundation

/// Charges the customer's card through the payment provider.
public protocol PaymentGateway: Sendable {
  /// Charges `amountInCents` and returns the provider's charge identifier.
  ///
  /// - Throws: ``PaymentError`` when the charge does not go through.
  func charge(amountInCents: Int) async throws -> String
}

/// Why a charge did not go through.
public enum PaymentError: Error, Equatable, CustomStringConvertible {
  /// The provider refused the card.
  case declined
  /// The provider could not be reached.
  case offline

  public var description: String {
    switch self {
    case .declined: "The card was declined."
    case .offline: "The payment provider could not be reached."
    }
  }
}

/// The gateway the app ships with.
///
/// The kata has no network, so every charge fails as offline; tests register a fake.
public struct LivePaymentGateway: PaymentGateway {
  /// Creates the live gateway.
  public init() {}

  public func charge(amountInCents: Int) async throws -> String {
    throw PaymentError.offline
  }
}
