// Variant: the composition root adapts protocol-typed services to the service's closure
// seams. Must pass.

public func makeCheckoutService(
  payments: any PaymentGateway,
  receipts: any ReceiptStore,
  analytics: any Analytics
) -> CheckoutService {
  CheckoutService(
    charge: { try await payments.charge(amountInCents: $0, reference: $1) },
    refund: { try await payments.refund(transactionID: $0, amountInCents: $1) },
    saveReceipt: { try await receipts.save($0) },
    track: { analytics.track($0, orderID: $1) }
  )
}

public func makeCheckoutService(resolvingFrom locator: ServiceLocator) throws -> CheckoutService {
  let payments = try locator.resolve(PaymentGateway.self)
  let receipts = try locator.resolve(ReceiptStore.self)
  let analytics = try locator.resolve(Analytics.self)
  return makeCheckoutService(payments: payments, receipts: receipts, analytics: analytics)
}
