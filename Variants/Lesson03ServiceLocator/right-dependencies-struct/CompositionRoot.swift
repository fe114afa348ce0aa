// Variant: the composition root fills the Dependencies struct, from arguments or from the
// locator it is given. Must pass.

public func makeCheckoutService(
  payments: any PaymentGateway,
  receipts: any ReceiptStore,
  analytics: any Analytics
) -> CheckoutService {
  CheckoutService(.init(payments: payments, receipts: receipts, analytics: analytics))
}

public func makeCheckoutService(resolvingFrom locator: ServiceLocator) throws -> CheckoutService {
  CheckoutService(
    .init(
      payments: try locator.resolve(),
      receipts: try locator.resolve(),
      analytics: try locator.resolve()
    )
  )
}
