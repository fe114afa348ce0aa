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
  try CheckoutService(
    payments: locator.resolve(PaymentGateway.self),
    receipts: locator.resolve(ReceiptStore.self),
    analytics: locator.resolve(Analytics.self)
  )
}
