import Lesson03ServiceLocator
import Testing

@Suite("Task 4 — Inject collaborators into the checkout service")
struct Task4Tests {
  /// Two orders, each with the transaction its gateway answers, so no constant passes.
  static let orders: [(order: Order, transactionID: String)] = [
    (Order(id: "A-1001", totalInCents: 4_250), "txn-42"),
    (Order(id: "B-2002", totalInCents: 999), "txn-7"),
  ]

  @Test(
    "Placing an order charges, saves and tracks through the injected collaborators",
    arguments: orders)
  func placeOrderUsesInjectedCollaborators(_ example: (order: Order, transactionID: String))
    async throws
  {
    let order = example.order
    let spies = CheckoutSpies(transactionID: example.transactionID)
    let service = spies.makeService()

    let receipt = try? await service.placeOrder(order)

    // The injected gateway is charged once, for this order's number and amount.
    #expect(
      spies.payments.charges == [.init(amountInCents: order.totalInCents, reference: order.id)],
      spies.payments.charges.isEmpty
        ? """
        The injected payment gateway was never charged for order \(order.id). Does \
        placeOrder(_:) still take its gateway from somewhere other than the initializer?
        """
        : """
        The injected payment gateway should be charged once, \(order.totalInCents) cents for \
        order \(order.id); it saw \(spies.payments.charges).
        """
    )
    let expectedReceipt = Receipt(
      orderID: order.id, transactionID: example.transactionID,
      amountInCents: order.totalInCents)
    // The receipt is built from the order and the gateway's answer.
    #expect(
      receipt == expectedReceipt,
      """
      placeOrder(_:) should return \(expectedReceipt); it returned \
      \(String(describing: receipt)).
      """
    )
    // The injected store keeps it.
    #expect(
      spies.receipts.receipts == [expectedReceipt],
      """
      The injected receipt store should hold \(expectedReceipt); it holds \
      \(spies.receipts.receipts).
      """
    )
    // The injected analytics records the completed order.
    #expect(
      spies.analytics.events == [.init(name: "checkout_completed", orderID: order.id)],
      """
      The injected analytics should record checkout_completed(\(order.id)) once; it \
      recorded \(spies.analytics.events).
      """
    )
  }

  @Test("A declined payment is tracked on the injected analytics", arguments: orders)
  func declineIsTrackedOnInjectedAnalytics(_ example: (order: Order, transactionID: String))
    async
  {
    let order = example.order
    let spies = CheckoutSpies(transactionID: example.transactionID, paymentsDecline: true)
    let service = spies.makeService()

    var thrown: (any Error)?
    do {
      _ = try await service.placeOrder(order)
    } catch {
      thrown = error
    }

    // The gateway's decline reaches the caller unchanged.
    #expect(
      thrown as? PaymentError == .declined,
      "\(declineHeadline(thrown: thrown, gatewayWasCharged: !spies.payments.charges.isEmpty))"
    )
    let declineWasLost = spies.analytics.events.isEmpty && !spies.payments.charges.isEmpty
    // The decline is recorded where the service was told to record things.
    #expect(
      spies.analytics.events == [.init(name: "checkout_declined", orderID: order.id)],
      """
      On a decline of order \(order.id) the injected analytics should record \
      checkout_declined(\(order.id)); it recorded \(spies.analytics.events).\
      \(declineWasLost ? Self.declinePathHint : "")
      """
    )
    // Nothing was paid, so nothing is kept.
    #expect(
      spies.receipts.receipts.isEmpty,
      "A declined order has no receipt, but the store holds \(spies.receipts.receipts)."
    )
  }

  @Test(
    "A charge that fails for another reason than a decline is rethrown and not tracked as declined",
    arguments: [("O-1", 503), ("P-2", 504)])
  func otherChargeFailureIsNotADecline(example: (orderID: String, code: Int)) async {
    let gateway = FailingGateway(chargeError: OutageError(code: example.code))
    let receipts = ReceiptStoreSpy()
    let analytics = AnalyticsSpy()
    let service = makeCheckoutService(payments: gateway, receipts: receipts, analytics: analytics)

    var thrown: (any Error)?
    do {
      _ = try await service.placeOrder(Order(id: example.orderID, totalInCents: 100))
    } catch {
      thrown = error
    }

    // The provider was not reached: the caller gets that failure as it is.
    #expect(
      thrown as? OutageError == OutageError(code: example.code),
      """
      The injected gateway failed the charge for order \(example.orderID) with \
      OutageError(\(example.code)), a failure that is not a decline; placeOrder(_:) \
      \(thrown.map { "threw \"\($0)\"" } ?? "returned"). Rethrow such a failure unchanged: \
      only the gateway knows why it failed, and the caller may retry an outage, not a decline.
      """
    )
    // Only the bank's refusal counts as a decline in the dashboards.
    #expect(
      !analytics.events.map(\.name).contains("checkout_declined") && receipts.receipts.isEmpty,
      """
      The charge for order \(example.orderID) failed with OutageError(\(example.code)), not \
      a decline, yet analytics recorded \(analytics.events) and the store holds \
      \(receipts.receipts). Record checkout_declined for PaymentError.declined only, and keep \
      no receipt for an order that was not paid.
      """
    )
    // One order, one charge: the service cannot know whether the failed one took the money.
    #expect(
      gateway.spy.charges.map(\.reference) == [example.orderID],
      """
      The charge for order \(example.orderID) failed with OutageError(\(example.code)), and \
      the gateway then saw charges \(gateway.spy.charges.map(\.reference)); expected exactly \
      one. A charge that timed out may still have gone through, so charging again can take \
      the customer's money twice. Rethrow the failure and let the caller decide, as for any \
      other error.
      """
    )
  }

  @Test(
    "A receipt that cannot be saved fails the order, which is not tracked as completed",
    arguments: [("Q-1", 507), ("R-2", 500)])
  func receiptStoreFailureReachesTheCaller(example: (orderID: String, code: Int)) async {
    let spies = CheckoutSpies(transactionID: "txn-\(example.orderID)")
    let receipts = FailingReceiptStore(error: OutageError(code: example.code))
    let service = makeCheckoutService(
      payments: spies.payments, receipts: receipts, analytics: spies.analytics)

    var thrown: (any Error)?
    do {
      _ = try await service.placeOrder(Order(id: example.orderID, totalInCents: 100))
    } catch {
      thrown = error
    }

    // An order whose receipt is lost is not a completed order.
    #expect(
      thrown as? OutageError == OutageError(code: example.code)
        && receipts.attempted.map(\.orderID) == [example.orderID],
      """
      The injected receipt store failed to save the receipt of order \(example.orderID) \
      with OutageError(\(example.code)); placeOrder(_:) \
      \(thrown.map { "threw \"\($0)\"" } ?? "returned a receipt") after trying to save \
      \(receipts.attempted.map(\.orderID)). Let the store's error reach the caller \
      unchanged: a receipt that was never saved must not be handed out as kept.
      """
    )
    #expect(
      !spies.analytics.events.map(\.name).contains("checkout_completed"),
      """
      The receipt of order \(example.orderID) could not be saved, yet analytics recorded \
      \(spies.analytics.events). Record checkout_completed only once the receipt is kept.
      """
    )
    // The bank said yes: a receipt that could not be saved is no decline.
    #expect(
      !spies.analytics.events.map(\.name).contains("checkout_declined"),
      """
      The bank approved order \(example.orderID) and only its receipt could not be saved \
      (OutageError(\(example.code))), yet analytics recorded \(spies.analytics.events). \
      Only the bank's refusal is a decline; a failure to keep the receipt is the store's \
      error, which the caller already gets.
      """
    )
  }

  @Test(
    "A refund that fails reaches the caller and is not tracked as issued",
    arguments: [
      Receipt(orderID: "S-1", transactionID: "txn-s", amountInCents: 700),
      Receipt(orderID: "T-2", transactionID: "txn-t", amountInCents: 80),
    ])
  func refundFailureReachesTheCaller(receipt: Receipt) async {
    let code = receipt.amountInCents
    let gateway = FailingGateway(refundError: OutageError(code: code))
    let analytics = AnalyticsSpy()
    let service = makeCheckoutService(
      payments: gateway, receipts: ReceiptStoreSpy(), analytics: analytics)

    var thrown: (any Error)?
    do {
      try await service.refund(receipt)
    } catch {
      thrown = error
    }

    // The customer did not get the money back: say so, and do not report it as done.
    #expect(
      thrown as? OutageError == OutageError(code: code)
        && gateway.spy.refunds.map(\.transactionID) == [receipt.transactionID],
      """
      The injected gateway failed the refund of \(receipt.transactionID) with \
      OutageError(\(code)); refund(_:) \(thrown.map { "threw \"\($0)\"" } ?? "returned") \
      after the gateway saw refunds \(gateway.spy.refunds.map(\.transactionID)). Let the \
      gateway's error reach the caller unchanged, so a failed refund is not taken for done.
      """
    )
    #expect(
      !analytics.events.map(\.name).contains("refund_issued"),
      """
      The refund of order \(receipt.orderID) failed, yet analytics recorded \
      \(analytics.events). Record refund_issued only once the gateway has refunded.
      """
    )
  }

  @Test("The service holds each collaborator it is given for sure, not in an Optional")
  func collaboratorsAreNotOptional() async throws {
    let spies = CheckoutSpies()
    let service = spies.makeService()
    let order = Order(id: "N-1", totalInCents: 100)
    let placed = try? await service.placeOrder(order)
    try #require(
      placed != nil && spies.payments.charges.map(\.reference) == [order.id],
      """
      The service should place order N-1 through the gateway it was given; it \
      \(placed == nil ? "threw" : "returned a receipt"), and that gateway saw \
      \(spies.payments.charges.map(\.reference)).
      """
    )
    let given: [(name: String, object: AnyObject)] = [
      ("payment gateway", spies.payments), ("receipt store", spies.receipts),
      ("analytics", spies.analytics),
    ]

    // An initializer that takes a collaborator makes it required: it can never be missing.
    let optional = given.filter { holding(of: $0.object, in: service) == .optionally }
    #expect(
      optional.isEmpty,
      """
      The service keeps its \(optional.map(\.name)) in an Optional (a `var x: P!`, a `P?`, a \
      `weak var`), so it can be built without them and they can be swapped or lost \
      later. Constructor injection hands the service every collaborator in its \
      initializer and keeps it in a non-optional `let`.
      """
    )
  }

  static let declinePathHint =
    " The decline path is easy to miss: does it use the analytics from the initializer?"
  static let rarePathHint =
    " Every method must use the collaborators from the initializer, including the ones that"
    + " run rarely."

  /// Says what a declined order ended in, naming a cause only where the observation implies it.
  private func declineHeadline(thrown: (any Error)?, gatewayWasCharged: Bool) -> String {
    guard let thrown else {
      return "A declined charge should throw PaymentError.declined; placeOrder(_:) returned."
    }
    let isLookup = thrown is ServiceLocatorError
    guard gatewayWasCharged else {
      return isLookup
        ? """
        placeOrder(_:) threw the locator's error "\(thrown)" before it charged the injected \
        gateway: it still looks a service up. Use the ones from the initializer.
        """
        : """
        placeOrder(_:) threw "\(thrown)" before it charged the injected gateway. A declined \
        order should charge the gateway, which then throws PaymentError.declined.
        """
    }
    return isLookup
      ? """
      The bank declined, and then placeOrder(_:) threw the locator's error "\(thrown)": the \
      decline path still looks a service up. Use the injected analytics there too.
      """
      : """
      The bank declined, but placeOrder(_:) threw "\(thrown)" instead of \
      PaymentError.declined. Rethrow the gateway's decline unchanged; the caller decides \
      how to show it.
      """
  }

  @Test(
    "A refund goes through the injected gateway and analytics",
    arguments: [
      Receipt(orderID: "A-0999", transactionID: "txn-7", amountInCents: 1_999),
      Receipt(orderID: "C-0042", transactionID: "txn-99", amountInCents: 50),
    ])
  func refundUsesInjectedCollaborators(receipt: Receipt) async {
    let spies = CheckoutSpies()
    let service = spies.makeService()

    try? await service.refund(receipt)

    // The charge named on the receipt is refunded through the injected gateway.
    #expect(
      spies.payments.refunds == [
        .init(transactionID: receipt.transactionID, amountInCents: receipt.amountInCents)
      ],
      """
      refund(_:) should refund \(receipt.amountInCents) cents of \(receipt.transactionID) \
      through the injected gateway; it saw \(spies.payments.refunds).\
      \(spies.payments.refunds.isEmpty ? Self.rarePathHint : "")
      """
    )
    // The injected analytics records the refund for the receipt's order.
    #expect(
      spies.analytics.events == [.init(name: "refund_issued", orderID: receipt.orderID)],
      """
      The injected analytics should record refund_issued(\(receipt.orderID)); it recorded \
      \(spies.analytics.events).
      """
    )
    // A refund pays nothing, so no receipt.
    #expect(
      spies.receipts.receipts.isEmpty,
      "A refund keeps no new receipt, but the store holds \(spies.receipts.receipts)."
    )
  }

  @Test(
    "One service handles order after order: success, decline, refund, success",
    arguments: [("D-1", "D-2", "D-3"), ("E-7", "E-8", "E-9")])
  func orderAfterOrder(ids: (first: String, declined: String, third: String)) async {
    let spies = CheckoutSpies(transactionID: "txn-\(ids.first)", declinedReferences: [ids.declined])
    let service = spies.makeService()

    let first = try? await service.placeOrder(Order(id: ids.first, totalInCents: 100))
    let declined = try? await service.placeOrder(Order(id: ids.declined, totalInCents: 200))
    if let first { try? await service.refund(first) }
    let third = try? await service.placeOrder(Order(id: ids.third, totalInCents: 300))

    // Every call goes to the same injected collaborators, whatever came before it.
    #expect(
      spies.payments.charges.map(\.reference) == [ids.first, ids.declined, ids.third]
        && spies.payments.refunds.map(\.transactionID) == ["txn-\(ids.first)"]
        && spies.receipts.receipts.map(\.orderID) == [ids.first, ids.third]
        && spies.analytics.events == [
          .init(name: "checkout_completed", orderID: ids.first),
          .init(name: "checkout_declined", orderID: ids.declined),
          .init(name: "refund_issued", orderID: ids.first),
          .init(name: "checkout_completed", orderID: ids.third),
        ],
      """
      One service placed \(ids.first), had \(ids.declined) declined, refunded \(ids.first) \
      and placed \(ids.third). Its injected collaborators should have seen all of it, in \
      that order; they saw: \(spies.summary).
      """
    )
    // Each order gets its own receipt; the declined one gets none.
    #expect(
      first?.orderID == ids.first && declined == nil && third?.orderID == ids.third,
      """
      The receipts returned were \(String(describing: first)), \
      \(String(describing: declined)) and \(String(describing: third)); each order should \
      get a receipt of its own, and the declined one none.
      """
    )
  }

  @Test(
    "After an outage or a failed save, the same service places the next order",
    arguments: [("U", false), ("V", true)])
  func nextOrderAfterAFailure(example: (prefix: String, saveFailsFirst: Bool)) async {
    let outage = "\(example.prefix)-outage"
    let unsaved = "\(example.prefix)-unsaved"
    let firstFailure = example.saveFailsFirst ? unsaved : outage
    let secondFailure = example.saveFailsFirst ? outage : unsaved
    let orders = [
      firstFailure, "\(example.prefix)-1", secondFailure, "\(example.prefix)-2",
    ]
    let gateway = OutageForOrdersGateway(
      transactionID: "txn-\(example.prefix)", outages: [outage])
    let receipts = FailingForOrdersReceiptStore(failing: [unsaved])
    let analytics = AnalyticsSpy()
    let service = makeCheckoutService(payments: gateway, receipts: receipts, analytics: analytics)

    let outcomes = await placeInTurn(orders, with: service)

    let failures = [outage: "OutageError(503)", unsaved: "OutageError(507)"]
    let expected = orders.map { id in
      failures[id].map { "\(id): threw \($0)" } ?? "\(id): receipt for \(id)"
    }
    let paid = orders.filter { failures[$0] == nil }
    // A failure ends that order only: the service is as ready for the next one as before.
    #expect(
      outcomes == expected && receipts.receipts.map(\.orderID) == paid,
      """
      One service placed \(orders) in turn; the gateway had an outage for \(outage), and \
      the store could not save the receipt of \(unsaved). The orders ended as \(outcomes), \
      and the store kept \(receipts.receipts.map(\.orderID)); expected \(expected), with \
      \(paid) kept. State that a failure leaves behind (a flag, a guard, an order in \
      progress) must be reset on every path out of placeOrder(_:), errors included, or one \
      outage breaks the checkout until the app restarts.
      """
    )
  }

  /// Outages in a row: a few, and far more than any threshold a breaker would pick.
  static let outagesInARow = [2, 3, 1_000]

  @Test(
    "After outages in a row, the same service charges the next order and places it",
    arguments: outagesInARow)
  func nextOrderAfterOutagesInARow(outages: Int) async {
    let down = (1...outages).map { "X-down-\($0)" }
    let up = ["X-up-1", "X-up-2"]
    let orders = down + up
    let gateway = OutageForOrdersGateway(transactionID: "txn-up", outages: Set(down))
    let receipts = ReceiptStoreSpy()
    let analytics = AnalyticsSpy()
    let service = makeCheckoutService(payments: gateway, receipts: receipts, analytics: analytics)

    let outcomes = await placeInTurn(orders, with: service)

    let failed = down.map { "\($0): threw OutageError(503)" }
    let expected = failed + up.map { "\($0): receipt for \($0)" }
    let charged = gateway.spy.charges.map(\.reference)
    // The first orders that ended otherwise than expected, so a long run reads short.
    let wrong = zip(outcomes, expected).filter { $0 != $1 }.prefix(3).map(\.0)
    let notCharged = orders.filter { !charged.contains($0) }
    // The gateway is back: every order goes to it again, however many failed before.
    #expect(
      outcomes == expected && charged == orders && receipts.receipts.map(\.orderID) == up,
      """
      One service placed \(orders.count) orders in turn; the gateway had an outage for the \
      first \(outages) and was back for \(up). Orders that ended otherwise than expected: \
      \(wrong) (each outage should throw OutageError(503), each order after them get its \
      receipt); orders never charged: \(notCharged.prefix(5)); the store kept \
      \(receipts.receipts.map(\.orderID)). Every order should be charged once. A count of \
      failures that stops the service from charging (a circuit breaker, after however many \
      outages) never sees the gateway recover; whether to try again is the caller's call, \
      so charge every order the service is given.
      """
    )
  }

  @Test(
    "One service takes the same order number again and again, whatever came before",
    arguments: [("W-1", 3), ("W-2", 150)])
  func sameOrderNumberAgainAndAgain(example: (orderID: String, inARow: Int)) async {
    let id = example.orderID
    let count = example.inARow
    let gateway = SwitchableGateway(prefix: id)
    let receipts = SwitchableReceiptStore()
    let analytics = AnalyticsSpy()
    let service = makeCheckoutService(payments: gateway, receipts: receipts, analytics: analytics)
    var steps: [String] = []
    let place = { (amount: Int) async -> Receipt? in
      do {
        let receipt = try await service.placeOrder(Order(id: id, totalInCents: amount))
        steps.append("\(amount): receipt \(receipt.transactionID) for \(receipt.amountInCents)")
        return receipt
      } catch {
        steps.append("\(amount): threw \(error)")
        return nil
      }
    }

    // The bank declines the card again and again; then the card is fixed.
    gateway.answer(.decline)
    for _ in 0..<count { _ = await place(1_000) }
    gateway.answer(.approve)
    // The bank says yes, but the store is down again and again; then it is back.
    receipts.failing(true)
    for _ in 0..<count { _ = await place(1_000) }
    receipts.failing(false)
    let paid = await place(1_000)
    // The customer changes the order (same number, another amount) and pays again.
    let changed = await place(2_500)
    // Both payments are refunded, the first one first.
    for receipt in [paid, changed].compactMap({ $0 }) { try? await service.refund(receipt) }
    // The bank is down again and again; then it is back.
    gateway.answer(.outage)
    for _ in 0..<count { _ = await place(1_000) }
    gateway.answer(.approve)
    _ = await place(1_000)

    let txn = { (number: Int) in "txn-\(id)-\(number)" }
    let expectedSteps =
      Array(repeating: "1000: threw The payment was declined.", count: count)
      + (1...count).map { _ in "1000: threw OutageError(507)" }
      + [
        "1000: receipt \(txn(count + 1)) for 1000", "2500: receipt \(txn(count + 2)) for 2500",
      ]
      + Array(repeating: "1000: threw OutageError(503)", count: count)
      + ["1000: receipt \(txn(count + 3)) for 1000"]
    let expectedCharges =
      Array(repeating: 1_000, count: 2 * count + 1) + [2_500]
      + Array(repeating: 1_000, count: count + 1)
    let expectedRefunds = ["\(txn(count + 1)) for 1000", "\(txn(count + 2)) for 2500"]
    let expectedSaves =
      (1...count).map { txn($0) } + [txn(count + 1), txn(count + 2), txn(count + 3)]
    let expectedEvents =
      Array(repeating: "checkout_declined(\(id))", count: count)
      + ["checkout_completed(\(id))", "checkout_completed(\(id))"]
      + ["refund_issued(\(id))", "refund_issued(\(id))", "checkout_completed(\(id))"]

    let charges = gateway.spy.charges
    let refunds = gateway.spy.refunds.map { "\($0.transactionID) for \($0.amountInCents)" }
    let saves = receipts.attempted.map(\.transactionID)
    let events = analytics.events.map(\.description)
    // The first placements that ended otherwise than expected, so a long run reads short.
    let wrong = zip(steps.indices, zip(steps, expectedSteps)).filter { $1.0 != $1.1 }.prefix(3)
      .map { "placement \($0 + 1) ended \"\($1.0)\", expected \"\($1.1)\"" }
    let wrongEvents = zip(events, expectedEvents).filter { $0 != $1 }.prefix(3).map(\.0)
    // Every placement and every refund is a new question to the bank, and is recorded.
    #expect(
      steps == expectedSteps
        && charges.map(\.reference) == Array(repeating: id, count: 3 * count + 3)
        && charges.map(\.amountInCents) == expectedCharges && refunds == expectedRefunds
        && saves == expectedSaves && events == expectedEvents,
      """
      One service took order \(id) again and again: \(count) declines in a row, then \
      \(count) failed saves in a row, then paid for 1000 and (changed) for 2500, both \
      refunded, then \(count) outages in a row, then paid again. Placements that ended \
      otherwise: \(wrong.isEmpty ? "none" : wrong.joined(separator: "; ")); the gateway \
      saw \(charges.count) charge(s) (expected \(expectedCharges.count)) and refunds \
      \(refunds) (expected \(expectedRefunds)); the store was asked to save \(saves.count) \
      receipt(s) (expected \(expectedSaves.count), each once); analytics recorded \
      \(events.count) event(s) (expected \(expectedEvents.count)\
      \(wrongEvents.isEmpty ? "" : "; first unexpected: \(wrongEvents)")). The service \
      remembers no earlier orders and counts no failures: it charges every placement, \
      refunds what each receipt says, saves each receipt once, records every decline, \
      and does not stop charging after a run of declines, failed saves or outages.
      """
    )
  }

  @Test(
    "An order declined before is charged again when the customer retries it",
    arguments: [("Y-1", "txn-y"), ("Z-2", "txn-z")])
  func declinedOrderIsChargedAgain(example: (orderID: String, transactionID: String)) async {
    let gateway = CardFixingGateway(
      transactionID: example.transactionID, declining: [example.orderID])
    let receipts = ReceiptStoreSpy()
    let analytics = AnalyticsSpy()
    let service = makeCheckoutService(payments: gateway, receipts: receipts, analytics: analytics)
    let order = Order(id: example.orderID, totalInCents: 1_500)

    let declined = try? await service.placeOrder(order)
    // The customer fixes the card and taps "Pay" again.
    gateway.fixCard()
    let retried: Result<Receipt, any Error>
    do {
      retried = .success(try await service.placeOrder(order))
    } catch {
      retried = .failure(error)
    }

    let retriedText =
      retried.thrownDescription == "nothing"
      ? "returned a receipt" : "threw \"\(retried.thrownDescription)\""
    // A decline is the bank's answer to one charge; the retry is a new question to the bank.
    #expect(
      declined == nil && (try? retried.get())?.transactionID == example.transactionID
        && gateway.spy.charges.map(\.reference) == [example.orderID, example.orderID]
        && receipts.receipts.map(\.orderID) == [example.orderID]
        && analytics.events.map(\.description) == [
          "checkout_declined(\(example.orderID))", "checkout_completed(\(example.orderID))",
        ],
      """
      Order \(example.orderID) was declined, then the card was fixed and the same order \
      placed again. The retry \(retriedText); the gateway was charged for \
      \(gateway.spy.charges.map(\.reference)), the store holds \
      \(receipts.receipts.map(\.orderID)), analytics saw \(analytics.events). Expected two \
      charges, one receipt and checkout_declined then checkout_completed. Does the service \
      remember declined orders and answer for the bank? Charge every placement.
      """
    )
  }

  @Test(
    "An order placed twice in a row is charged, saved and recorded twice", arguments: orders)
  func sameOrderPlacedTwice(_ example: (order: Order, transactionID: String)) async {
    let spies = CheckoutSpies(transactionID: example.transactionID)
    let service = spies.makeService()
    let order = example.order

    let first = try? await service.placeOrder(order)
    // No refund in between: the customer places the same order again.
    let again = try? await service.placeOrder(order)

    let id = order.id
    let expected = Receipt(
      orderID: id, transactionID: example.transactionID, amountInCents: order.totalInCents)
    let charge = PaymentGatewaySpy.Charge(amountInCents: order.totalInCents, reference: id)
    // Each placement is a new question to the bank, whatever the service saw before.
    #expect(
      first == expected && again == expected && spies.payments.charges == [charge, charge]
        && spies.receipts.receipts == [expected, expected]
        && spies.analytics.events.map(\.description) == [
          "checkout_completed(\(id))", "checkout_completed(\(id))",
        ],
      """
      Order \(id) (\(order.totalInCents) cents) was placed twice in a row; the receipts \
      returned were \(String(describing: first)) and \(String(describing: again)), and the \
      fakes saw: \(spies.summary). Expected two charges, two saved receipts and \
      checkout_completed twice. Does the service keep paid orders and hand the old receipt \
      out when the same order comes again? The service remembers no earlier orders: \
      charge, save and record every placement.
      """
    )
  }

  @Test(
    "An order placed again while its first placement is in flight is charged too",
    arguments: orders)
  func sameOrderPlacedWhileInFlight(_ example: (order: Order, transactionID: String))
    async throws
  {
    let gateway = HoldingGateway(transactionID: example.transactionID)
    let receipts = ReceiptStoreSpy()
    let analytics = AnalyticsSpy()
    let service = makeCheckoutService(payments: gateway, receipts: receipts, analytics: analytics)
    let order = example.order
    defer { gateway.releaseFirstCharge() }

    // The customer taps "Pay"; the bank is slow to answer.
    let first = Task { try await service.placeOrder(order) }
    let held = await gateway.firstChargeHeld()
    try #require(
      held,
      """
      The first placement of order \(order.id) never charged the injected gateway; it \
      should, before the test can place the order again while that charge is in flight.
      """
    )
    // The customer taps "Pay" again before the first answer came.
    let again: Result<Receipt, any Error>
    do {
      again = .success(try await service.placeOrder(order))
    } catch {
      again = .failure(error)
    }
    gateway.releaseFirstCharge()
    let firstOutcome = await first.result

    let id = order.id
    let expected = Receipt(
      orderID: id, transactionID: example.transactionID, amountInCents: order.totalInCents)
    let charge = PaymentGatewaySpy.Charge(amountInCents: order.totalInCents, reference: id)
    let outcome = { (result: Result<Receipt, any Error>) in
      result.thrownDescription == "nothing"
        ? "returned a receipt" : "threw \"\(result.thrownDescription)\""
    }
    // Each placement is a question to the bank: the service does not answer for it.
    #expect(
      (try? firstOutcome.get()) == expected && (try? again.get()) == expected
        && gateway.spy.charges == [charge, charge]
        && receipts.receipts == [expected, expected]
        && analytics.events.map(\.description) == [
          "checkout_completed(\(id))", "checkout_completed(\(id))",
        ],
      """
      Order \(id) was placed again while the gateway was still charging its first \
      placement. The second placement \(outcome(again)), the first \(outcome(firstOutcome)); \
      the gateway was charged for \(gateway.spy.charges.map(\.reference)), the store holds \
      \(receipts.receipts.map(\.orderID)), analytics saw \(analytics.events). Expected two \
      charges, two receipts and checkout_completed twice. Does the service keep the orders \
      in flight and turn a second one away? It remembers no orders: charge every placement, \
      and leave it to the caller (the screen disables its button) whether to place one twice.
      """
    )
  }

  @Test(
    "An order placed again after its refund is charged, saved and recorded again",
    arguments: [("R-5", "txn-r"), ("S-6", "txn-s")])
  func refundedOrderIsPlacedAgain(example: (orderID: String, transactionID: String)) async {
    let spies = CheckoutSpies(transactionID: example.transactionID)
    let service = spies.makeService()
    let order = Order(id: example.orderID, totalInCents: 2_000)

    let first = try? await service.placeOrder(order)
    if let first { try? await service.refund(first) }
    let again = try? await service.placeOrder(order)

    let id = example.orderID
    // The money went back, so the next placement of that order is paid for again.
    #expect(
      first != nil && again != nil && spies.payments.charges.map(\.reference) == [id, id]
        && spies.payments.refunds.map(\.transactionID) == [example.transactionID]
        && spies.receipts.receipts.map(\.orderID) == [id, id]
        && spies.analytics.events.map(\.description) == [
          "checkout_completed(\(id))", "refund_issued(\(id))", "checkout_completed(\(id))",
        ],
      """
      Order \(id) was placed, refunded, and placed again; the receipts returned were \
      \(String(describing: first)) and \(String(describing: again)), and the fakes saw: \
      \(spies.summary). Expected two charges, two saved receipts, and checkout_completed, \
      refund_issued, checkout_completed. Does the service keep paid orders and hand the old \
      receipt out again? After the refund the customer has not paid: charge, save and \
      record every placement.
      """
    )
  }

  @Test(
    "Two services built with different fakes each use their own, on every path",
    arguments: [false, true])
  func servicesDoNotShareCollaborators(buildSecondFirst: Bool) async {
    let first = CheckoutSpies(transactionID: "txn-first")
    let second = CheckoutSpies(transactionID: "txn-second", declinedReferences: ["second-1"])
    // Both exist before either works, as two tests running side by side would.
    let (firstService, secondService): (CheckoutService, CheckoutService)
    if buildSecondFirst {
      let built = second.makeService()
      (firstService, secondService) = (first.makeService(), built)
    } else {
      let built = first.makeService()
      (firstService, secondService) = (built, second.makeService())
    }

    let firstReceipt = try? await firstService.placeOrder(Order(id: "first-1", totalInCents: 100))
    _ = try? await secondService.placeOrder(Order(id: "second-1", totalInCents: 200))
    let secondReceipt = try? await secondService.placeOrder(
      Order(id: "second-2", totalInCents: 300))
    if let firstReceipt { try? await firstService.refund(firstReceipt) }
    if let secondReceipt { try? await secondService.refund(secondReceipt) }

    let firstOK =
      first.payments.charges.map(\.reference) == ["first-1"]
      && first.payments.refunds.map(\.transactionID) == ["txn-first"]
      && first.receipts.receipts.map(\.orderID) == ["first-1"]
      && first.analytics.events.map(\.description) == [
        "checkout_completed(first-1)", "refund_issued(first-1)",
      ]
    let secondOK =
      second.payments.charges.map(\.reference) == ["second-1", "second-2"]
      && second.payments.refunds.map(\.transactionID) == ["txn-second"]
      && second.receipts.receipts.map(\.orderID) == ["second-2"]
      && second.analytics.events.map(\.description) == [
        "checkout_declined(second-1)", "checkout_completed(second-2)",
        "refund_issued(second-2)",
      ]
    // Work of one service that reached the other's fakes, or none of it.
    let mixed = first.summary.contains("second") || second.summary.contains("first")
    // Each service's gateway, store and analytics see that service's work only.
    #expect(
      firstOK && secondOK,
      """
      Two services, each built with its own fakes, placed, declined and refunded orders. \
      The first one's fakes saw: \(first.summary). The second one's saw: \(second.summary). \
      Each should see only its own service's work. \(mixed ? Self.shared : Self.wrongCalls)
      """
    )
  }

  static let shared = """
    One service's work reached the other's fakes: a collaborator kept where every service \
    shares it (a static, a global registry) belongs to whichever service was built last; \
    keep each service's collaborators in the service.
    """
  static let wrongCalls = """
    Each service's fakes saw only that service's work, but not the calls expected: compare \
    the order numbers, transaction IDs, amounts and events above with what each service \
    was asked to do.
    """
  static let wrongArguments = """
    As many calls happened as expected, but not all with what the order or the receipt \
    gives: compare the order numbers and transaction IDs above with the expected ones.
    """
  static let released = """
    A collaborator that went missing was released: a service must keep what its initializer \
    is given (a strong reference, not a weak one as for a delegate), or in the app, where the \
    composition root hands over objects it keeps nowhere else, that work silently never \
    happens.
    """
  static let outOfOrder = """
    Everything happened, but not in that order: record an event once what it reports has \
    happened (a completed order after its receipt is saved, a refund after the gateway \
    refunded).
    """

  @Test(
    "The service keeps what it is given alive: nobody else holds its collaborators",
    arguments: [("K-1", "K-2"), ("L-8", "L-9")])
  func serviceOwnsItsCollaborators(ids: (paid: String, declined: String)) async {
    let log = CheckoutLog()
    // The test keeps no reference to the three: only the service does.
    let service = {
      let given = log.collaborators(declining: [ids.declined])
      return makeCheckoutService(
        payments: given.payments, receipts: given.receipts, analytics: given.analytics)
    }()

    let receipt = try? await service.placeOrder(Order(id: ids.paid, totalInCents: 100))
    _ = try? await service.placeOrder(Order(id: ids.declined, totalInCents: 200))
    if let receipt { try? await service.refund(receipt) }

    let expected = [
      "charge \(ids.paid)", "save \(ids.paid)", "checkout_completed \(ids.paid)",
      "charge \(ids.declined)", "checkout_declined \(ids.declined)",
      "refund txn-\(ids.paid)", "refund_issued \(ids.paid)",
    ]
    // A service depends on its collaborators, so it owns them (strong references).
    #expect(
      log.entries == expected,
      """
      The service was handed a gateway, a store and analytics that nothing else keeps, then \
      placed \(ids.paid), had \(ids.declined) declined and refunded \(ids.paid). Its \
      collaborators did \(log.entries); expected \(expected). \
      \(log.entries.sorted() == expected.sorted()
        ? Self.outOfOrder : log.entries.count < expected.count ? Self.released : Self.wrongArguments)
      """
    )
  }

  @Test(
    "Two services that share a gateway keep their own store and analytics",
    arguments: [false, true])
  func servicesSharingAGateway(reversed: Bool) async {
    let first = CheckoutSpies(transactionID: "txn-shared")
    let secondReceipts = ReceiptStoreSpy()
    let secondAnalytics = AnalyticsSpy()
    let makeSecond = {
      makeCheckoutService(
        payments: first.payments, receipts: secondReceipts, analytics: secondAnalytics)
    }
    // Either one is built first.
    let (firstService, secondService): (CheckoutService, CheckoutService)
    if reversed {
      let built = makeSecond()
      (firstService, secondService) = (first.makeService(), built)
    } else {
      let built = first.makeService()
      (firstService, secondService) = (built, makeSecond())
    }

    _ = try? await secondService.placeOrder(Order(id: "M-2", totalInCents: 200))
    _ = try? await firstService.placeOrder(Order(id: "M-1", totalInCents: 100))

    // The same gateway, but each service saves and reports through what it was given.
    #expect(
      first.receipts.receipts.map(\.orderID) == ["M-1"]
        && first.analytics.events.map(\.description) == ["checkout_completed(M-1)"]
        && secondReceipts.receipts.map(\.orderID) == ["M-2"]
        && secondAnalytics.events.map(\.description) == ["checkout_completed(M-2)"]
        && first.payments.charges.map(\.reference) == ["M-2", "M-1"],
      """
      Two services were built with the same gateway but each with its own store and \
      analytics. The first one's store and analytics saw \(first.receipts.receipts.map(\.orderID)) \
      and \(first.analytics.events); the second one's saw \
      \(secondReceipts.receipts.map(\.orderID)) and \(secondAnalytics.events). Each should \
      see its own service's order only. Is a service built earlier (for the same gateway) \
      handed out again? Build a new one from the three you are given, every time.
      """
    )
  }

  @Test("The harness builds a new service on every call and keeps none of them")
  func harnessBuildsANewServiceEveryTime() {
    let (distinct, weakService, weakGateway) = {
      let spies = CheckoutSpies()
      // Two screens ask for a checkout service with the same three collaborators.
      let first = spies.makeService()
      let second = spies.makeService()
      return (
        ObjectIdentifier(first) != ObjectIdentifier(second), WeakBox(first),
        WeakBox(spies.payments)
      )
    }()

    // Two calls, two services: whatever one of them holds is not the other's.
    #expect(
      distinct,
      """
      makeCheckoutService(payments:receipts:analytics:) was called twice with the same \
      three fakes, while the first service was still in use, and returned the same service \
      both times. Does the harness keep the services it built and hand one out again for \
      the same collaborators? Build a new service from the three you are given, every time.
      """
    )
    // Once the caller lets go of the services and the fakes, nothing keeps them.
    #expect(
      weakService.object == nil && weakGateway.object == nil,
      """
      A caller built services with its own fakes and then dropped all of them, yet \
      \(weakService.object == nil ? "" : "a service and ")the gateway it was built with \
      \(weakService.object == nil ? "is" : "are") still alive. Something global holds \
      them: a cache of the services the harness built, or a registry. The harness builds \
      and returns; it keeps nothing.
      """
    )
  }
}

/// Places `orders` one after another with one service, each for 100 cents, and says how
/// each ended: `"<id>: receipt for <orderID>"` or `"<id>: threw <error>"`.
private func placeInTurn(_ orders: [String], with service: CheckoutService) async -> [String] {
  var outcomes: [String] = []
  for id in orders {
    do {
      let receipt = try await service.placeOrder(Order(id: id, totalInCents: 100))
      outcomes.append("\(id): receipt for \(receipt.orderID)")
    } catch {
      outcomes.append("\(id): threw \(error)")
    }
  }
  return outcomes
}
