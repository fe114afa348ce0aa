// Variant: the harness builds a private locator for the fakes it is given, and the
// composition root checks the given locator at once, then hands it to the service, which
// resolves later, in its methods. Must fail Task 5.

public func makeCheckoutService(
  payments: any PaymentGateway,
  receipts: any ReceiptStore,
  analytics: any Analytics
) -> CheckoutService {
  let locator = ServiceLocator()
  locator.register(PaymentGateway.self) { payments }
  locator.register(ReceiptStore.self) { receipts }
  locator.register(Analytics.self) { analytics }
  return CheckoutService(locator: locator)
}

public func makeCheckoutService(resolvingFrom locator: ServiceLocator) throws -> CheckoutService {
  try locator.verifyRegistrations([PaymentGateway.self, ReceiptStore.self, Analytics.self])
  return CheckoutService(locator: locator)
}
