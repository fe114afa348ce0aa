// Variant: the learner dropped @Injected but passed the service a whole container through its
// initializer, and the harness fills a container with what it is given. No wrapper is left, yet
// the service is still a service locator: its initializer says "a container", not "a gateway
// and an analytics". Wrong: Task 6 must fail (the test that finds a container stored in the
// service).
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
public struct CheckoutService: Sendable {
  private let container: Container

  /// Creates the service; its collaborators come from `container`.
  public init(container: Container) {
    self.container = container
  }

  private var payments: any PaymentGateway {
    (try? container.resolve((any PaymentGateway).self)) ?? LivePaymentGateway()
  }

  private var analytics: any Analytics {
    (try? container.resolve((any Analytics).self)) ?? LiveAnalytics()
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
/// - Parameters:
///   - payments: The gateway the service must charge.
///   - analytics: The analytics the service must report to.
/// - Returns: A service that uses exactly these two instances.
public func makeCheckoutService(
  payments: any PaymentGateway,
  analytics: any Analytics
) -> CheckoutService {
  let container = Container()
  container.register((any PaymentGateway).self) { payments }
  container.register((any Analytics).self) { analytics }
  return CheckoutService(container: container)
}
