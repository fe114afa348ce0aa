// Variant: the composition root remembers the service it built for each locator and hands
// the same one out again, "so opening the screen twice does not build twice". After the
// launch code registers other services in that locator, the next build still returns the
// old service. Must fail Task 5 (building again uses the locator's current registrations).
import Synchronization

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
  let key = ObjectIdentifier(locator)
  if let built = builtServices.withLock({ $0[key] }) { return built }
  let service = try CheckoutService(
    payments: locator.resolve(PaymentGateway.self),
    receipts: locator.resolve(ReceiptStore.self),
    analytics: locator.resolve(Analytics.self)
  )
  builtServices.withLock { $0[key] = service }
  return service
}

/// Services already built, by the locator they came from: the screen opens often.
private let builtServices = Mutex<[ObjectIdentifier: CheckoutService]>([:])
