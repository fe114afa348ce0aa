// Variant: as wrong-task6-root-calls-the-hiding-harness, but the service's lookups go through a
// wrapper of its own, named Looked instead of Injected; the harness hides a container and the
// root calls the harness. A check that finds wrappers by their type's name misses it; the
// service still stores a container and looks its collaborators up. Wrong: Task 6 must fail (the
// test that finds no container stored anywhere inside the service).
import Foundation

/// The service's own lookup wrapper: it remembers the current container and resolves from it.
@propertyWrapper
struct Looked<Service: Sendable>: Sendable {
  private let container = Container.current

  var wrappedValue: Service {
    // NB: the kata's wrapper resolves through an internal API; a learner's copy uses resolve.
    (try? container.resolve(Service.self)) ?? { fatalError("unregistered") }()
  }
}

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
  @Looked private var payments: any PaymentGateway
  @Looked private var analytics: any Analytics

  /// Creates the service; its collaborators come from the container.
  public init() {}

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
  return Container.$current.withValue(container) { CheckoutService() }
}
