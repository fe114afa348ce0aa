import Foundation
import KataTestSupport
import Lesson03ServiceLocator
import Synchronization
import Testing

@Suite("Task 5 — Resolve only at the composition root")
struct Task5Tests {
  @Test("The service is built from the locator it is given")
  func buildsFromTheGivenLocator() async throws {
    let spies = CheckoutSpies(transactionID: "txn-given")
    let building = Result { try makeCheckoutService(resolvingFrom: spies.locator()) }
    let built = try #require(
      try? building.get(),
      """
      makeCheckoutService(resolvingFrom:) threw "\(building.thrownDescription)" although \
      the locator it was given holds all three services. Resolve from the locator passed \
      in, not from a shared one.
      """
    )

    let receipt = try? await built.placeOrder(Order(id: "B-1", totalInCents: 900))

    #expect(
      spies.payments.charges == [.init(amountInCents: 900, reference: "B-1")],
      """
      The gateway registered in the given locator was never charged (it saw \
      \(spies.payments.charges)). Resolve from the locator passed in, not from a shared one.
      """
    )
    #expect(
      receipt.map { spies.receipts.receipts == [$0] } == true
        && spies.analytics.events.map(\.name) == ["checkout_completed"],
      """
      The receipt store and analytics from the given locator should be used too; the \
      store holds \(spies.receipts.receipts), analytics saw \(spies.analytics.events).
      """
    )
  }

  @Test("The service keeps what it was built with when the locator changes later")
  func resolvesOnceWhenBuilt() async throws {
    let original = CheckoutSpies(transactionID: "txn-original")
    let later = CheckoutSpies(transactionID: "txn-later")
    let locator = original.locator()
    let building = Result { try makeCheckoutService(resolvingFrom: locator) }
    let service = try #require(
      try? building.get(),
      """
      makeCheckoutService(resolvingFrom:) threw "\(building.thrownDescription)" although \
      the locator it was given holds all three services. Resolve from the locator passed \
      in, not from a shared one.
      """
    )
    // Someone registers other services in the same locator once the service exists.
    later.register(in: locator)

    let receipt = try? await service.placeOrder(Order(id: "C-1", totalInCents: 500))
    try? await service.refund(Receipt(orderID: "C-0", transactionID: "txn-0", amountInCents: 300))

    #expect(
      original.payments.charges.map(\.reference) == ["C-1"]
        && original.payments.refunds.map(\.transactionID) == ["txn-0"]
        && later.payments.charges.isEmpty && later.payments.refunds.isEmpty,
      """
      The service should keep the gateway it was built with. After other fakes were \
      registered in the same locator, the gateway it was built with saw charges \
      \(original.payments.charges.map(\.reference)) and refunds \
      \(original.payments.refunds.map(\.transactionID)); the later one saw charges \
      \(later.payments.charges.map(\.reference)) and refunds \
      \(later.payments.refunds.map(\.transactionID)). So the service still looks its \
      collaborators up while it works: a locator handed to its initializer is a service \
      locator all the same. Resolve all three in makeCheckoutService(resolvingFrom:) and \
      give the service what you resolved.
      """
    )
    #expect(
      receipt.map { original.receipts.receipts == [$0] } == true
        && original.analytics.events.map(\.name) == ["checkout_completed", "refund_issued"]
        && later.receipts.receipts.isEmpty && later.analytics.events.isEmpty,
      """
      The receipt store and analytics should be the ones resolved when the service was \
      built. Those hold \(original.receipts.receipts) and saw \(original.analytics.events); \
      the ones registered later hold \(later.receipts.receipts) and saw \
      \(later.analytics.events). Resolve everything once, at the composition root.
      """
    )
  }

  @Test("A missing registration fails when the service is built, not when it is used")
  func missingRegistrationFailsAtBuildTime() {
    let locator = ServiceLocator()
    locator.register(PaymentGateway.self) { PaymentGatewaySpy() }
    locator.register(ReceiptStore.self) { ReceiptStoreSpy() }

    #expect(
      throws: (any Error).self,
      """
      The locator has no Analytics, yet makeCheckoutService(resolvingFrom:) returned a \
      service. Resolve everything while building it, so the gap shows at launch instead \
      of in the middle of a customer's payment.
      """
    ) {
      try makeCheckoutService(resolvingFrom: locator)
    }
  }

  @Test("Locators with different fakes serve callers side by side")
  func locatorsServeSideBySide() async throws {
    let callers = 12
    let built = Mutex<[Int: CheckoutService]>([:])
    let spies = (0..<callers).map { CheckoutSpies(transactionID: "txn-\($0)") }

    // Every caller builds from its own locator at the same moment; slow factories keep
    // the builds overlapping, as two tests running in parallel would.
    let finished = await runConcurrently(callers) { index in
      let locator = spies[index].locator(factoryDelay: 0.005)
      if let service = try? makeCheckoutService(resolvingFrom: locator) {
        built.withLock { $0[index] = service }
      }
    }
    try #require(finished, "Building the services side by side did not finish in time.")

    var mixedUp: [Int] = []
    for index in 0..<callers {
      let service = built.withLock { $0[index] }
      _ = try? await service?.placeOrder(Order(id: "order-\(index)", totalInCents: 100))
      let own = spies[index]
      let usedOwn =
        own.payments.charges.map(\.reference) == ["order-\(index)"]
        && own.receipts.receipts.map(\.orderID) == ["order-\(index)"]
        && own.analytics.events.map(\.orderID) == ["order-\(index)"]
      if !usedOwn { mixedUp.append(index) }
    }
    #expect(
      mixedUp.isEmpty,
      """
      Callers \(mixedUp) of \(callers) did not get the fakes from their own locator. If the \
      services go through a registry they all share, whoever registers last wins. Resolve \
      from the locator you are given, and keep no global one.
      """
    )
  }
}
