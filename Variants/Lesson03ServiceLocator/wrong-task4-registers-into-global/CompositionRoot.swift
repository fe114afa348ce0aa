// Variant: the learner kept the service as it was and made the harness "inject" by
// registering the given collaborators into ServiceLocator.shared. One service at a time
// works; two at once (two tests side by side) overwrite each other's fakes.
// Must fail Task 4.

public func makeCheckoutService(
  payments: any PaymentGateway,
  receipts: any ReceiptStore,
  analytics: any Analytics
) -> CheckoutService {
  ServiceLocator.shared.register(PaymentGateway.self) { payments }
  ServiceLocator.shared.register(ReceiptStore.self) { receipts }
  ServiceLocator.shared.register(Analytics.self) { analytics }
  return CheckoutService()
}

public func makeCheckoutService(resolvingFrom locator: ServiceLocator) throws -> CheckoutService {
  try makeCheckoutService(
    payments: locator.resolve(PaymentGateway.self),
    receipts: locator.resolve(ReceiptStore.self),
    analytics: locator.resolve(Analytics.self)
  )
}
