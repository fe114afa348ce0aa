// Variant: the composition root falls back to an in-memory receipt store when the locator
// has none, "so a missing store never blocks a payment". The gap no longer shows when the
// service is built; receipts silently go nowhere. Only a missing Analytics was tested
// before. Must fail Task 5 (a missing registration of any of the three fails the build).
import Synchronization

/// Keeps receipts in memory, for when no store is registered.
final class InMemoryReceiptStore: ReceiptStore {
  private let saved = Mutex<[Receipt]>([])

  func save(_ receipt: Receipt) async throws {
    saved.withLock { $0.append(receipt) }
  }
}

// The composition root: the one place that knows which implementation goes where. It is
// also the only place that may touch a service locator.

/// Builds a checkout service around the collaborators you give it.
///
/// - Parameters:
///   - payments: Charges and refunds the customer.
///   - receipts: Keeps receipts.
///   - analytics: Records checkout events.
/// - Returns: A service that uses exactly these three, on every path.
public func makeCheckoutService(
  payments: any PaymentGateway,
  receipts: any ReceiptStore,
  analytics: any Analytics
) -> CheckoutService {
  CheckoutService(payments: payments, receipts: receipts, analytics: analytics)
}

/// Builds a checkout service from what is registered in `locator`.
///
/// Everything is resolved now, so a missing registration fails here, when the screen is
/// built, and not halfway through a customer's payment.
///
/// - Parameter locator: The registry to resolve from; nothing else is consulted.
/// - Returns: A service built from `locator`'s registrations.
/// - Throws: `ServiceLocatorError.unregistered` for the first service `locator` lacks.
public func makeCheckoutService(resolvingFrom locator: ServiceLocator) throws -> CheckoutService {
  // A missing receipt store is no reason to stop the checkout: keep receipts in memory.
  try CheckoutService(
    payments: locator.resolve(PaymentGateway.self),
    receipts: (try? locator.resolve(ReceiptStore.self)) ?? InMemoryReceiptStore(),
    analytics: locator.resolve(Analytics.self)
  )
}
