// Variant: the composition root runs the start-up check for the three services first, so a
// locator with gaps fails with the whole list, then resolves them and builds the actor.
// Another correct design; must pass.

/// Everything the checkout service needs, as the composition root checks it.
private let checkoutNeeds: [any Any.Type] = [
  PaymentGateway.self, ReceiptStore.self, Analytics.self,
]

public func makeCheckoutService(
  payments: any PaymentGateway,
  receipts: any ReceiptStore,
  analytics: any Analytics
) -> CheckoutService {
  CheckoutService(payments: payments, receipts: receipts, analytics: analytics)
}

public func makeCheckoutService(resolvingFrom locator: ServiceLocator) throws -> CheckoutService {
  try locator.verifyRegistrations(checkoutNeeds)
  let payments: any PaymentGateway = try locator.resolve()
  let receipts: any ReceiptStore = try locator.resolve()
  let analytics: any Analytics = try locator.resolve()
  return CheckoutService(payments: payments, receipts: receipts, analytics: analytics)
}
