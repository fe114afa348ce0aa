// Variant: a half-done refactor: the initializer takes the gateway and analytics, but its
// default arguments look them up in Container.current, and the composition root still calls
// CheckoutService(). The harness passes both explicitly, so its tests pass; the live service is
// built from whatever container is current when the root's factory runs. Wrong: Task 6 must fail.
import Foundation

/// A line in the shopping cart.
public struct CartItem: Equatable, Sendable {
  /// The product's name.
  public var name: String
  /// The price of one unit, in cents.
  public var priceInCents: Int
  /// How many units.
  public var quantity: Int

  /// Creates a cart line.
  public init(name: String, priceInCents: Int, quantity: Int) {
    self.name = name
    self.priceInCents = priceInCents
    self.quantity = quantity
  }
}

/// How placing an order ended.
public enum OrderOutcome: Equatable, Sendable {
  /// The card was charged; the value is the provider's charge identifier.
  case placed(chargeID: String)
  /// The charge did not go through; the text says why.
  case failed(String)
  /// There was nothing to pay for, so nothing was charged.
  case emptyCart
}

/// Places orders: charges the cart's total and reports the result.
///
/// This is business logic, so it takes its collaborators through its initializer, where a
/// reader and the compiler can see them. It resolves nothing from a container.
public struct CheckoutService: Sendable {
  private let payments: any PaymentGateway
  private let analytics: any Analytics

  /// Creates the service.
  ///
  /// - Parameters:
  ///   - payments: Charges the customer; by default, the current container's gateway.
  ///   - analytics: Receives `order_placed` or `order_failed`; by default, the current
  ///     container's analytics.
  public init(
    payments: any PaymentGateway = try! Container.current.resolve((any PaymentGateway).self),
    analytics: any Analytics = try! Container.current.resolve((any Analytics).self)
  ) {
    self.payments = payments
    self.analytics = analytics
  }

  /// Charges the total of `items` and reports `order_placed` or `order_failed`.
  ///
  /// - Parameter items: The cart's lines.
  /// - Returns: How the order ended; an empty cart charges nothing.
  public func placeOrder(_ items: [CartItem]) async -> OrderOutcome {
    let total = items.reduce(0) { $0 + $1.priceInCents * $1.quantity }
    guard total > 0 else { return .emptyCart }
    do {
      let chargeID = try await payments.charge(amountInCents: total)
      analytics.track("order_placed")
      return .placed(chargeID: chargeID)
    } catch {
      analytics.track("order_failed")
      return .failed(String(describing: error))
    }
  }
}

/// Builds the checkout service the tests use, from the collaborators they pass.
///
/// The composition root builds it the same way, with the live services.
///
/// - Parameters:
///   - payments: The gateway the service must charge.
///   - analytics: The analytics the service must report to.
/// - Returns: A service that uses exactly these two instances.
public func makeCheckoutService(
  payments: any PaymentGateway,
  analytics: any Analytics
) -> CheckoutService {
  CheckoutService(payments: payments, analytics: analytics)
}
