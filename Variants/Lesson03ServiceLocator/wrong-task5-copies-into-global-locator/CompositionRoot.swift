// Variant: the service takes its collaborators through init (Task 4 done), but the
// composition root copies the given locator into ServiceLocator.shared and resolves from
// there, "so the rest of the app sees the same registrations". Builds that run side by
// side (two tests in parallel) then pick up each other's fakes. Must fail Task 5.

public func makeCheckoutService(
  payments: any PaymentGateway,
  receipts: any ReceiptStore,
  analytics: any Analytics
) -> CheckoutService {
  CheckoutService(payments: payments, receipts: receipts, analytics: analytics)
}

public func makeCheckoutService(resolvingFrom locator: ServiceLocator) throws -> CheckoutService {
  ServiceLocator.shared.register(contentsOf: locator)
  return try CheckoutService(
    payments: ServiceLocator.shared.resolve(PaymentGateway.self),
    receipts: ServiceLocator.shared.resolve(ReceiptStore.self),
    analytics: ServiceLocator.shared.resolve(Analytics.self)
  )
}
