// Variant: (supporting file) both harnesses hand the service a locator: the given fakes
// are wrapped in a fresh one, and the given locator is passed on as it is.

public func makeCheckoutService(
  payments: any PaymentGateway,
  receipts: any ReceiptStore,
  analytics: any Analytics
) -> CheckoutService {
  let locator = ServiceLocator()
  locator.register(PaymentGateway.self) { payments }
  locator.register(ReceiptStore.self) { receipts }
  locator.register(Analytics.self) { analytics }
  // swift-format-ignore: NeverUseForceTry
  return try! CheckoutService(locator: locator)
}

public func makeCheckoutService(resolvingFrom locator: ServiceLocator) throws -> CheckoutService {
  try CheckoutService(locator: locator)
}
