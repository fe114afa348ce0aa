import Lesson03ServiceLocator
import Testing

@Suite("Task 4 — Inject collaborators into the checkout service")
struct Task4Tests {
  let order = Order(id: "A-1001", totalInCents: 4_250)

  @Test("Placing an order charges, saves and tracks through the injected collaborators")
  func placeOrderUsesInjectedCollaborators() async throws {
    let spies = CheckoutSpies(transactionID: "txn-42")
    let service = spies.makeService()

    let receipt = try? await service.placeOrder(order)

    #expect(
      spies.payments.charges == [.init(amountInCents: 4_250, reference: "A-1001")],
      """
      The injected payment gateway should be charged once for the order; it saw \
      \(spies.payments.charges). Does placeOrder(_:) still find a gateway in a locator?
      """
    )
    let expectedReceipt = Receipt(orderID: "A-1001", transactionID: "txn-42", amountInCents: 4_250)
    #expect(
      receipt == expectedReceipt,
      """
      placeOrder(_:) should return the receipt for the charge; it returned \
      \(String(describing: receipt)).
      """
    )
    #expect(
      spies.receipts.receipts == [expectedReceipt],
      "The injected receipt store should hold the receipt; it holds \(spies.receipts.receipts)."
    )
    #expect(
      spies.analytics.events == [.init(name: "checkout_completed", orderID: "A-1001")],
      """
      The injected analytics should record checkout_completed once; it recorded \
      \(spies.analytics.events).
      """
    )
  }

  @Test("A declined payment is tracked on the injected analytics")
  func declineIsTrackedOnInjectedAnalytics() async {
    let spies = CheckoutSpies(paymentsDecline: true)
    let service = spies.makeService()

    var thrown: (any Error)?
    do {
      _ = try await service.placeOrder(order)
    } catch {
      thrown = error
    }

    #expect(
      thrown as? PaymentError == .declined,
      "\(declineHeadline(thrown: thrown, gatewayWasCharged: !spies.payments.charges.isEmpty))"
    )
    #expect(
      spies.analytics.events == [.init(name: "checkout_declined", orderID: "A-1001")],
      """
      On a decline the injected analytics should record checkout_declined; it recorded \
      \(spies.analytics.events). The decline path is easy to miss: does it still look \
      analytics up somewhere?
      """
    )
    #expect(
      spies.receipts.receipts.isEmpty,
      "A declined order has no receipt, but the store holds \(spies.receipts.receipts)."
    )
  }

  /// Names the likely cause when a declined order does not end in `PaymentError.declined`.
  private func declineHeadline(thrown: (any Error)?, gatewayWasCharged: Bool) -> String {
    guard let thrown else {
      return "A declined charge should throw PaymentError.declined; placeOrder(_:) returned."
    }
    guard gatewayWasCharged else {
      return """
        placeOrder(_:) threw "\(thrown)" before it charged the injected gateway. Does it \
        still look the gateway up instead of using the one from the initializer?
        """
    }
    return """
      The bank declined, but placeOrder(_:) threw "\(thrown)" instead of \
      PaymentError.declined. The likely cause is a lookup left in the decline path: the \
      `catch` block still asks a locator for analytics. Use the injected analytics there too.
      """
  }

  @Test("A refund goes through the injected gateway and analytics")
  func refundUsesInjectedCollaborators() async {
    let spies = CheckoutSpies()
    let service = spies.makeService()
    let receipt = Receipt(orderID: "A-0999", transactionID: "txn-7", amountInCents: 1_999)

    try? await service.refund(receipt)

    #expect(
      spies.payments.refunds == [.init(transactionID: "txn-7", amountInCents: 1_999)],
      """
      refund(_:) should refund the charge through the injected gateway; it saw \
      \(spies.payments.refunds). Every method must use the collaborators from the \
      initializer, including the ones that run rarely.
      """
    )
    #expect(
      spies.analytics.events == [.init(name: "refund_issued", orderID: "A-0999")],
      """
      The injected analytics should record refund_issued; it recorded \
      \(spies.analytics.events).
      """
    )
  }

  @Test("Two services built with different fakes each use their own")
  func servicesDoNotShareCollaborators() async {
    let first = CheckoutSpies(transactionID: "txn-first")
    let second = CheckoutSpies(transactionID: "txn-second")
    // Both exist before either works, as two tests running side by side would.
    let firstService = first.makeService()
    let secondService = second.makeService()

    let firstReceipt = try? await firstService.placeOrder(Order(id: "first", totalInCents: 100))
    let secondReceipt = try? await secondService.placeOrder(Order(id: "second", totalInCents: 200))

    #expect(
      first.payments.charges.map(\.reference) == ["first"]
        && second.payments.charges.map(\.reference) == ["second"],
      """
      Each service should charge its own gateway: the first saw \
      \(first.payments.charges.map(\.reference)), the second \
      \(second.payments.charges.map(\.reference)). Fakes registered in a registry that \
      both share overwrite each other; keep each service's collaborators in the service.
      """
    )
    #expect(
      firstReceipt?.transactionID == "txn-first" && secondReceipt?.transactionID == "txn-second",
      """
      The receipts should carry each gateway's own transaction; they were \
      \(String(describing: firstReceipt)) and \(String(describing: secondReceipt)).
      """
    )
  }
}
