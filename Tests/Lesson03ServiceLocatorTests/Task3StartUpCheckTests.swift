import Lesson03ServiceLocator
import Testing

@Suite("Task 3 — Report every missing registration at start-up")
struct Task3Tests {
  /// What the checkout screen needs, as a composition root would list it.
  let checkoutNeeds: [any Any.Type] = [
    PaymentGateway.self,
    ReceiptStore.self,
    Analytics.self,
  ]

  @Test("The check passes when everything required is registered")
  func passesWhenComplete() {
    let locator = CheckoutSpies().locator()

    #expect(
      throws: Never.self,
      "Every required service is registered, so the start-up check should not throw."
    ) {
      try locator.verifyRegistrations(checkoutNeeds)
    }
  }

  @Test("The check names every missing registration in one error")
  func namesEveryMissingRegistration() throws {
    let locator = ServiceLocator()
    locator.register(PaymentGateway.self) { PaymentGatewaySpy() }

    let error = #expect(throws: (any Error).self, "Two services are missing; the check passed.") {
      try locator.verifyRegistrations(checkoutNeeds)
    }
    let message = String(describing: try #require(error))
    #expect(
      message.contains("ReceiptStore") && message.contains("Analytics"),
      """
      ReceiptStore and Analytics are both missing, but the error reads "\(message)". \
      Collect every missing type first, then throw once with the whole list.
      """
    )
  }

  @Test("The check names every requirement of an empty locator")
  func namesEveryRequirementOfAnEmptyLocator() throws {
    let error = #expect(throws: (any Error).self) {
      try ServiceLocator().verifyRegistrations(checkoutNeeds + [Cache<Billing.Invoice>.self])
    }
    let message = String(describing: try #require(error))
    for name in ["PaymentGateway", "ReceiptStore", "Analytics", "Cache"] {
      #expect(
        message.contains(name),
        "Nothing is registered, so the error should name \(name) too; it reads \"\(message)\"."
      )
    }
  }

  @Test("The check tells same-named types apart")
  func tellsSameNamedTypesApart() throws {
    let locator = ServiceLocator()
    locator.register(Billing.Settings.self) { Billing.Settings(currency: "EUR") }

    #expect(
      throws: (any Error).self,
      """
      Shipping.Settings is not registered, only Billing.Settings is, yet the check passed. \
      Does the check use the same type-identity key as register(_:factory:)?
      """
    ) {
      try locator.verifyRegistrations([Billing.Settings.self, Shipping.Settings.self])
    }
  }
}
