// The composition root: the one place that knows which implementation goes where.
// The tests build the app's objects only through the two functions below, so keep their
// signatures; change what they do.

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
  // TODO: Task 4 — the service must use these three, and nothing it finds elsewhere.
  CheckoutService()
}

/// Builds a checkout service from what is registered in `locator`.
///
/// - Parameter locator: The registry to resolve from; nothing else is consulted.
/// - Returns: A service built from `locator`'s registrations.
/// - Throws: A `ServiceLocatorError` when `locator` lacks a service.
public func makeCheckoutService(resolvingFrom locator: ServiceLocator) throws -> CheckoutService {
  // TODO: Task 5 — the caller hands you the registry to use; nothing here may reach for
  // one that every caller shares.
  try makeCheckoutService(
    payments: ServiceLocator.shared.resolve(PaymentGateway.self),
    receipts: ServiceLocator.shared.resolve(ReceiptStore.self),
    analytics: ServiceLocator.shared.resolve(Analytics.self)
  )
}
