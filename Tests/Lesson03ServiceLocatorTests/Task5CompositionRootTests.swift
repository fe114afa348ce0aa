import Foundation
import KataTestSupport
import Lesson03ServiceLocator
import Synchronization
import Testing

@Suite("Task 5 — Resolve only at the composition root")
struct Task5Tests {
  @Test(
    "The service is built from the locator it is given",
    arguments: [
      ("txn-given", Order(id: "B-1", totalInCents: 900)),
      ("txn-other", Order(id: "F-77", totalInCents: 12_345)),
    ])
  func buildsFromTheGivenLocator(_ example: (transactionID: String, order: Order)) async throws {
    let spies = CheckoutSpies(transactionID: example.transactionID)
    let building = Result { try makeCheckoutService(resolvingFrom: spies.locator()) }
    let built = try #require(
      try? building.get(),
      """
      makeCheckoutService(resolvingFrom:) threw "\(building.thrownDescription)" although \
      the locator it was given holds all three services. A composition root builds from \
      the registrations it is handed, whatever a shared locator holds.
      """
    )

    let receipt = try? await built.placeOrder(example.order)

    // The gateway registered in the given locator does the charging.
    #expect(
      spies.payments.charges == [
        .init(amountInCents: example.order.totalInCents, reference: example.order.id)
      ],
      """
      The gateway registered in the given locator should be charged once for \
      \(example.order.id); it saw \(spies.payments.charges).\
      \(spies.payments.charges.isEmpty ? " The service should use that locator's gateway." : "")
      """
    )
    // So do the store and analytics registered there.
    #expect(
      receipt?.transactionID == example.transactionID
        && receipt.map { spies.receipts.receipts == [$0] } == true
        && spies.analytics.events.map(\.description) == ["checkout_completed(\(example.order.id))"],
      """
      The receipt store and analytics from the given locator should be used too; the \
      receipt was \(String(describing: receipt)), the store holds \(spies.receipts.receipts), \
      analytics saw \(spies.analytics.events).
      """
    )
  }

  @Test("The service keeps what it was built with when the locator changes later")
  func resolvesOnceWhenBuilt() async throws {
    let original = CheckoutSpies(transactionID: "txn-original", declinedReferences: ["C-2"])
    let later = CheckoutSpies(transactionID: "txn-later", declinedReferences: ["C-2"])
    let locator = original.locator()
    let building = Result { try makeCheckoutService(resolvingFrom: locator) }
    let service = try #require(
      try? building.get(),
      """
      makeCheckoutService(resolvingFrom:) threw "\(building.thrownDescription)" although \
      the locator it was given holds all three services. A composition root builds from \
      the registrations it is handed, whatever a shared locator holds.
      """
    )
    // Someone registers other services in the same locator once the service exists.
    later.register(in: locator)

    let receipt = try? await service.placeOrder(Order(id: "C-1", totalInCents: 500))
    _ = try? await service.placeOrder(Order(id: "C-2", totalInCents: 700))
    try? await service.refund(Receipt(orderID: "C-0", transactionID: "txn-0", amountInCents: 300))

    #expect(
      original.payments.charges.map(\.reference) == ["C-1", "C-2"]
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
        && original.analytics.events.map(\.name) == [
          "checkout_completed", "checkout_declined", "refund_issued",
        ]
        && later.receipts.receipts.isEmpty && later.analytics.events.isEmpty,
      """
      The receipt store and analytics should be the ones resolved when the service was \
      built, on every path (a completed order, a declined one, a refund). Those hold \(original.receipts.receipts) and saw \(original.analytics.events); \
      the ones registered later hold \(later.receipts.receipts) and saw \
      \(later.analytics.events). Resolve everything once, at the composition root.
      """
    )
  }

  @Test(
    "A missing registration fails when the service is built, not when it is used",
    arguments: CheckoutNeed.allCases)
  func missingRegistrationFailsAtBuildTime(missing: CheckoutNeed) {
    let locator = CheckoutSpies().locator(leaving: missing)
    // A complete build first, from another locator: it must not fill the gap.
    let complete = Result { try makeCheckoutService(resolvingFrom: CheckoutSpies().locator()) }
    #expect(
      complete.thrownDescription == "nothing",
      """
      makeCheckoutService(resolvingFrom:) threw "\(complete.thrownDescription)" for a \
      locator that holds all three services.
      """
    )

    // Every one of the three is needed, so each one's absence stops the build.
    #expect(
      throws: (any Error).self,
      """
      The locator has no \(missing.typeName), yet makeCheckoutService(resolvingFrom:) \
      returned a service (right after another build, from a complete locator, had \
      succeeded). Resolve all three from the locator you are given while building, with no \
      stand-in for a missing one (not a default, not one kept from an earlier build), so the \
      gap shows at launch instead of in the middle of a customer's payment.
      """
    ) {
      try makeCheckoutService(resolvingFrom: locator)
    }
  }

  @Test(
    "A missing registration's error names the missing service", arguments: CheckoutNeed.allCases)
  func missingRegistrationIsNamed(missing: CheckoutNeed) {
    let locator = CheckoutSpies().locator(leaving: missing)

    let building = Result { try makeCheckoutService(resolvingFrom: locator) }

    // Whoever reads the launch log learns what to register, as from resolve(_:)'s own error.
    let message = building.thrownDescription
    #expect(
      message != "nothing" && message.contains(missing.typeName),
      """
      The locator has no \(missing.typeName); makeCheckoutService(resolvingFrom:) threw \
      "\(message)", which does not name \(missing.typeName). Let the locator's error, which \
      names the missing type, reach the caller (or name the type in your own), so the \
      launch log says what to register.
      """
    )
    // What is registered is not missing: the log is a to-do list.
    let registered = CheckoutNeed.allCases.filter { $0 != missing }.map(\.typeName)
    let blamed = registered.filter { message.contains($0) }
    #expect(
      blamed.isEmpty,
      """
      The locator has no \(missing.typeName) but holds \(registered); \
      makeCheckoutService(resolvingFrom:) threw "\(message)", which names \(blamed) too. \
      An error that lists everything the build needs, whatever is missing, sends whoever \
      reads it to register what is already there. Let resolve(_:)'s own error reach the \
      caller.
      """
    )
  }

  @Test("The composition root resolves each service once per build", arguments: [1, 2])
  func resolvesEachServiceOnce(builds: Int) {
    let spies = CheckoutSpies()
    let runs = Mutex<[String: Int]>([:])
    let locator = ServiceLocator()
    locator.register(PaymentGateway.self) {
      runs.withLock { $0["PaymentGateway", default: 0] += 1 }
      return spies.payments
    }
    locator.register(ReceiptStore.self) {
      runs.withLock { $0["ReceiptStore", default: 0] += 1 }
      return spies.receipts
    }
    locator.register(Analytics.self) {
      runs.withLock { $0["Analytics", default: 0] += 1 }
      return spies.analytics
    }

    // Every service built stays in use until the end, as on screens that are still open.
    let services = (0..<builds).map { _ in try? makeCheckoutService(resolvingFrom: locator) }

    let counted = runs.withLock { $0 }
    let expected = Dictionary(
      uniqueKeysWithValues: CheckoutNeed.allCases.map { ($0.typeName, builds) })
    let tooFew = counted.values.contains { $0 < builds }
    // Every factory run makes a service (a live connection, a store on disk): make each once.
    #expect(
      counted == expected,
      """
      makeCheckoutService(resolvingFrom:) was called \(builds) time(s); the factories ran \
      \(Self.runs(counted)), expected \(Self.runs(expected)): each service resolved once per \
      build. \(tooFew ? Self.buildSkipped : Self.buildResolvedTwice)
      """
    )
    let distinct = Set(services.compactMap { $0.map(ObjectIdentifier.init) }).count
    #expect(
      distinct == builds,
      """
      \(builds) build(s) from one locator, while every service built was still in use, gave \
      \(distinct) distinct service(s). Each build makes a new service from what it resolves \
      now: no cache of earlier builds, not even while the locator is unchanged.
      """
    )
  }

  /// How often each factory ran, in a fixed order.
  static func runs(_ counts: [String: Int]) -> String {
    counts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
  }

  static let buildSkipped = """
    A build resolved less than that: it handed out a service made before, or kept what it \
    resolved earlier. Resolve from the locator on every build, and keep nothing.
    """
  static let buildResolvedTwice = """
    A resolve only to see whether it works makes a second gateway or store that nobody uses; \
    the start-up check that makes nothing is verifyRegistrations(_:), and the build itself \
    throws when a service is missing.
    """

  @Test("The composition root leaves the locator it is given as it was", arguments: [false, true])
  func leavesTheLocatorAsItWas(resolveFirst: Bool) throws {
    let locator = ServiceLocator()
    for need in CheckoutNeed.allCases { need.register(in: locator) }
    let before = resolveFirst ? try? locator.resolve(PaymentGateway.self) : nil

    _ = try #require(
      try? makeCheckoutService(resolvingFrom: locator),
      "makeCheckoutService(resolvingFrom:) threw although the locator holds all three services."
    )

    // The registrations are launch code's: still recipes for new objects, and no more of them.
    let gateways = (0..<2).map { _ in try? locator.resolve(PaymentGateway.self) as AnyObject? }
    let stores = (0..<2).map { _ in try? locator.resolve(ReceiptStore.self) as AnyObject? }
    let fresh =
      [gateways, stores].allSatisfy { pair in
        pair[0] != nil && pair[1] != nil && pair[0] !== pair[1]
      } && gateways.allSatisfy { $0 !== (before as AnyObject?) }
    #expect(
      fresh,
      """
      After makeCheckoutService(resolvingFrom:) built from it, the locator's factories \
      should still make a new gateway and store on each resolve, as launch code registered \
      them; two resolves gave the \(gateways[0] === gateways[1] ? "same" : "different") \
      gateway and the \(stores[0] === stores[1] ? "same" : "different") store. Did the \
      composition root register what it resolved back into the locator? It reads the \
      locator it is given and changes nothing in it.
      """
    )
    let service = try? locator.resolve(CheckoutService.self)
    #expect(
      service == nil,
      """
      After makeCheckoutService(resolvingFrom:), the locator it was given serves a \
      CheckoutService. Registering the built service for lookup invites every screen to \
      ask the locator for it; give it to the screens that need it through their \
      initializers, and leave the locator as launch code filled it.
      """
    )
  }

  @Test("The composition root keeps nothing: what it built is gone once its callers let go")
  func keepsNothing() throws {
    let (weakGateway, weakService, wasBuilt) = {
      let spies = CheckoutSpies()
      let service = try? makeCheckoutService(resolvingFrom: spies.locator())
      return (WeakBox(spies.payments), WeakBox(service), service != nil)
    }()
    try #require(
      wasBuilt,
      "makeCheckoutService(resolvingFrom:) threw although the locator holds all three services."
    )
    // Neither the service nor what it was built from is reachable from the test any more.
    #expect(
      weakGateway.object == nil && weakService.object == nil,
      """
      A caller built a service from its own locator and then dropped both, yet \
      \(weakService.object == nil ? "" : "the service and ")the gateway registered in that \
      locator \(weakService.object == nil ? "is" : "are") still alive. Something global \
      holds it: a registry every caller shares, or a cache of earlier builds. A \
      composition root resolves from the locator it is given and keeps nothing.
      """
    )
  }

  @Test(
    "Building again from the same locator uses what it holds now",
    arguments: [("txn-launch", "txn-reload"), ("txn-a", "txn-b")])
  func buildingAgainUsesCurrentRegistrations(transactions: (first: String, second: String))
    async throws
  {
    let original = CheckoutSpies(transactionID: transactions.first)
    let later = CheckoutSpies(transactionID: transactions.second)
    let locator = original.locator()
    let firstService = try #require(
      try? makeCheckoutService(resolvingFrom: locator),
      "makeCheckoutService(resolvingFrom:) threw although the locator holds all three services."
    )
    later.register(in: locator)
    let secondService = try #require(
      try? makeCheckoutService(resolvingFrom: locator),
      "makeCheckoutService(resolvingFrom:) threw although the locator holds all three services."
    )

    let second = try? await secondService.placeOrder(Order(id: "G-2", totalInCents: 200))
    let first = try? await firstService.placeOrder(Order(id: "G-1", totalInCents: 100))

    // Each build resolves what the locator holds at that moment.
    #expect(
      second?.transactionID == transactions.second
        && later.analytics.events.map(\.description) == ["checkout_completed(G-2)"]
        && later.receipts.receipts.map(\.orderID) == ["G-2"],
      second?.transactionID == transactions.first
        ? """
        The locator's services were registered again and the service built again, but the \
        new service charged the old gateway (\(transactions.first)). Is a service kept from \
        the first build and handed out again? Build a new one from what the locator holds now.
        """
        : """
        The service built after new registrations should use them; its receipt was \
        \(String(describing: second)), and the new fakes saw: \(later.summary).
        """
    )
    // The first service keeps what it was built with.
    #expect(
      first?.transactionID == transactions.first
        && original.analytics.events.map(\.description) == ["checkout_completed(G-1)"],
      """
      The service built first should keep its own collaborators; its receipt was \
      \(String(describing: first)), and its fakes saw: \(original.summary).
      """
    )
  }

  @Test(
    "On a failed save too, the service keeps the store it was built with",
    arguments: [("V-1", 507), ("V-2", 500)])
  func failedSaveKeepsTheStoreItWasBuiltWith(example: (orderID: String, code: Int)) async throws {
    let spies = CheckoutSpies(transactionID: "txn-\(example.orderID)")
    let failing = FailingReceiptStore(error: OutageError(code: example.code))
    let locator = spies.locator()
    locator.register(ReceiptStore.self) { failing }
    let service = try #require(
      try? makeCheckoutService(resolvingFrom: locator),
      "makeCheckoutService(resolvingFrom:) threw although the locator holds all three services."
    )
    // Launch code registers a working store once the service exists; the locator stays alive.
    let later = ReceiptStoreSpy()
    locator.register(ReceiptStore.self) { later }

    var thrown: (any Error)?
    do {
      _ = try await service.placeOrder(Order(id: example.orderID, totalInCents: 100))
    } catch {
      thrown = error
    }
    withExtendedLifetime(locator) {}

    // The store the service was built with failed: that failure is the order's outcome.
    #expect(
      thrown as? OutageError == OutageError(code: example.code)
        && failing.attempted.map(\.orderID) == [example.orderID] && later.receipts.isEmpty
        && !spies.analytics.events.map(\.name).contains("checkout_completed"),
      """
      The service was built with a store that cannot save (OutageError(\(example.code))); \
      then another store was registered in the same locator. Placing \(example.orderID) \
      \(thrown.map { "threw \"\($0)\"" } ?? "returned a receipt"); the store it was built \
      with tried to save \(failing.attempted.map(\.orderID)), the one registered later \
      holds \(later.receipts.map(\.orderID)), and analytics saw \(spies.analytics.events). \
      The failed save should fail the order with the store's error. A service that reaches \
      the locator again when a save fails (for a "fresh" store, through a closure, even a \
      weak one) still looks its collaborators up: keep what was resolved at the build, \
      and nothing of the locator.
      """
    )
  }

  @Test(
    "On an outage too, the service keeps the gateway it was built with",
    arguments: [("K-1", "K-2"), ("P-7", "P-8")])
  func outageKeepsTheGatewayItWasBuiltWith(ids: (down: String, next: String)) async throws {
    let spies = CheckoutSpies()
    let failing = OutageForOrdersGateway(transactionID: "txn-built", outages: [ids.down])
    let locator = spies.locator()
    locator.register(PaymentGateway.self) { failing }
    let service = try #require(
      try? makeCheckoutService(resolvingFrom: locator),
      "makeCheckoutService(resolvingFrom:) threw although the locator holds all three services."
    )
    // Launch code registers another gateway once the service exists; the locator stays alive.
    let later = PaymentGatewaySpy(transactionID: "txn-later")
    locator.register(PaymentGateway.self) { later }

    let down = try? await service.placeOrder(Order(id: ids.down, totalInCents: 100))
    let next = try? await service.placeOrder(Order(id: ids.next, totalInCents: 200))
    withExtendedLifetime(locator) {}

    // An outage ends one order; the next one goes to the same gateway.
    #expect(
      down == nil && next?.transactionID == "txn-built"
        && failing.spy.charges.map(\.reference) == [ids.down, ids.next]
        && later.charges.isEmpty,
      """
      The service was built with a gateway that had an outage for \(ids.down); then another \
      gateway was registered in the same locator. The gateway it was built with saw charges \
      \(failing.spy.charges.map(\.reference)), the one registered later \
      \(later.charges.map(\.reference)), and \(ids.next) got \(resolvedText(next)). Both \
      orders should go to the gateway the service was built with. A service that reaches \
      the locator again after an outage (to "reconnect", through a closure, even a weak \
      one) still looks its collaborators up: keep what was resolved at the build, and \
      nothing of the locator.
      """
    )
  }

  @Test("A locator with nothing registered fails the build: there is no stand-in for it")
  func emptyLocatorFailsTheBuild() {
    let building = Result { try makeCheckoutService(resolvingFrom: ServiceLocator()) }

    // A build from nothing is a launch that forgot every registration: it must say so.
    let message = building.thrownDescription
    #expect(
      message != "nothing" && CheckoutNeed.allCases.contains { message.contains($0.typeName) },
      """
      makeCheckoutService(resolvingFrom:) was given a locator with nothing registered and \
      \(message == "nothing" ? "returned a service" : "threw \"\(message)\""). It should \
      throw, naming a missing service. No stand-in for a missing service, not even when all \
      of them are missing (demo services for a preview, say): what runs in the app is what \
      launch code registered.
      """
    )
  }

  @Test(
    "The locator does not keep the service built from it", arguments: [1, 2])
  func locatorDoesNotKeepTheService(builds: Int) throws {
    let spies = CheckoutSpies()
    let locator = spies.locator()
    let built = (0..<builds).map { _ -> (box: WeakBox<CheckoutService>, made: Bool) in
      let service = try? makeCheckoutService(resolvingFrom: locator)
      return (WeakBox(service), service != nil)
    }
    try #require(
      built.allSatisfy { $0.made },
      "makeCheckoutService(resolvingFrom:) threw although the locator holds all three services."
    )
    let alive = built.filter { $0.box.object != nil }.count

    // The caller let go of every service; the locator it was built from lives on.
    withExtendedLifetime(locator) {}
    #expect(
      alive == 0,
      """
      A caller built \(builds) service(s) from a locator and dropped them, keeping only the \
      locator (as an app keeps its launch locator); \(alive) of them are still alive. \
      Something keeps the built service: a registration in that locator (under any type: \
      the service itself, or a wrapper for screens to look it up), or a cache. Whoever needs \
      the service is given it through an initializer; leave the locator as launch code \
      filled it.
      """
    )
  }

  @Test("Only the composition root resolves: the service itself never asks the locator")
  func onlyTheCompositionRootResolves() async throws {
    let witness = ResolutionWitness()
    let spies = CheckoutSpies(transactionID: "txn-witnessed", declinedReferences: ["H-2"])
    let locator = spies.locator(witness: witness)

    let service = try #require(
      try? makeCheckoutService(resolvingFrom: locator),
      "makeCheckoutService(resolvingFrom:) threw although the locator holds all three services."
    )
    let receipt = try? await service.placeOrder(Order(id: "H-1", totalInCents: 100))
    _ = try? await service.placeOrder(Order(id: "H-2", totalInCents: 200))
    if let receipt { try? await service.refund(receipt) }

    let calls = witness.recorded
    // Where the call stack cannot be read, this test has nothing to look at.
    guard calls.contains(where: { $0.frames.contains { $0.contains("Task5Tests") } }) else {
      return
    }
    let insideService = calls.filter { !$0.serviceFrames.isEmpty }
    let askedByService = insideService.map(\.need.typeName)
    // Every lookup runs in makeCheckoutService(resolvingFrom:), none in CheckoutService.
    #expect(
      askedByService.isEmpty,
      """
      The locator was asked for \(askedByService) from inside the \
      checkout service's own code (\(Set(insideService.flatMap(\.serviceFrames)).sorted())). \
      A service that is handed a locator and takes what it needs from it, even once in its \
      initializer, is still a service locator: its initializer hides what it needs, and \
      it cannot be built without a registry. Resolve in makeCheckoutService(resolvingFrom:) \
      and give the service what you resolved through an initializer that names it.
      """
    )
  }

  @Test("The service does not keep the locator it was built from")
  func serviceDoesNotKeepTheLocator() throws {
    let locator = CheckoutSpies().locator()
    let service = try #require(
      try? makeCheckoutService(resolvingFrom: locator),
      "makeCheckoutService(resolvingFrom:) threw although the locator holds all three services."
    )

    // The locator is the composition root's tool; the service gets only what was resolved.
    let kept = holding(of: locator, in: service)
    #expect(
      kept == .notVisible,
      """
      The service keeps the locator it was built from \
      (\(kept == .optionally ? "in an Optional" : "in a stored property")), although nothing \
      in it needs it yet. A service that holds a locator can start looking things up again \
      with the next feature, and its initializer no longer says what it needs. Resolve at \
      the composition root and hand the service only what it uses.
      """
    )
  }

  @Test(
    "Once its caller lets go of the locator, the locator is gone while the service lives",
    arguments: [("txn-kept", "J-1"), ("txn-held", "J-2")])
  func serviceLetsGoOfTheLocator(example: (transactionID: String, orderID: String)) async throws {
    let spies = CheckoutSpies(transactionID: example.transactionID)
    // The caller builds from a locator of its own, then keeps only the service.
    let (built, weakLocator) = {
      let locator = spies.locator()
      return (try? makeCheckoutService(resolvingFrom: locator), WeakBox(locator))
    }()
    let service = try #require(
      built,
      "makeCheckoutService(resolvingFrom:) threw although the locator holds all three services."
    )

    // Whatever shape it takes (a property, a closure, a dictionary), a kept locator stays alive.
    #expect(
      weakLocator.object == nil,
      """
      The caller built a service from its locator and let go of the locator, yet the \
      locator is still alive while the service lives: something keeps it, in whatever \
      shape (a closure that returns it, a context dictionary, a property). A service that \
      can reach a locator can start looking things up again with the next feature, and its \
      initializer no longer says what it needs. Hand the service only what it uses, and \
      keep nothing of the locator.
      """
    )
    // The service still works with what it was given.
    let receipt = try? await service.placeOrder(
      Order(id: example.orderID, totalInCents: 100))
    #expect(
      receipt?.transactionID == example.transactionID
        && spies.receipts.receipts.map(\.orderID) == [example.orderID],
      """
      After its locator was gone, the service should still place order \(example.orderID) \
      with the gateway and store it was built with; it returned \
      \(String(describing: receipt)), and the store holds \
      \(spies.receipts.receipts.map(\.orderID)).
      """
    )
  }

  @Test(
    "A build that waits in a factory delays no build from another locator",
    arguments: [("txn-slow", "txn-quick"), ("txn-busy", "txn-free")])
  func buildsDoNotWaitForEachOther(transactions: (slow: String, quick: String)) async throws {
    let slow = CheckoutSpies(transactionID: transactions.slow)
    let quick = CheckoutSpies(transactionID: transactions.quick)
    let slowEntered = DispatchSemaphore(value: 0)
    let quickBuilt = DispatchSemaphore(value: 0)
    let slowLocator = slow.locator()
    // The slow build's gateway factory waits, for at most five seconds, for the other build.
    let payments = slow.payments
    slowLocator.register(PaymentGateway.self) {
      slowEntered.signal()
      let waitedOut = quickBuilt.wait(timeout: .now() + 5) == .timedOut
      return waitedOut ? PaymentGatewaySpy(transactionID: "txn-waited-out") : payments
    }
    let quickLocator = quick.locator()
    let built = Mutex<[Int: CheckoutService]>([:])

    let finished = await runConcurrently(2) { index in
      if index == 0 {
        let service = try? makeCheckoutService(resolvingFrom: slowLocator)
        built.withLock { $0[0] = service }
      } else {
        _ = slowEntered.wait(timeout: .now() + 5)
        let service = try? makeCheckoutService(resolvingFrom: quickLocator)
        built.withLock { $0[1] = service }
        quickBuilt.signal()
      }
    }
    try #require(finished, "The two builds did not finish in time.")

    let slowService = try #require(
      built.withLock { $0[0] },
      "makeCheckoutService(resolvingFrom:) threw although the locator holds all three services."
    )
    let receipt = try? await slowService.placeOrder(Order(id: "W-1", totalInCents: 100))
    let quickBuild =
      built.withLock { $0[1] } == nil
      ? "threw" : "only finished once that factory gave up after five seconds"
    // The other build finished while the first one's factory was still running.
    #expect(
      receipt?.transactionID == transactions.slow && built.withLock { $0[1] } != nil,
      """
      One build's gateway factory waited for a build from another locator, which \
      \(quickBuild); the first service's receipt was \(String(describing: receipt)). \
      Builds from two locators share nothing, so neither should wait for the other: a lock \
      held across a whole build (one for the whole process) makes every build in the app \
      wait for every slow factory, and a factory that itself builds a checkout service waits \
      for a lock its own thread holds. Resolve from the locator you are given, with no lock \
      of your own around it.
      """
    )
  }

  @Test(
    "Two builds from one locator do not wait for each other while a factory is slow",
    arguments: [("txn-slow", "txn-quick"), ("txn-busy", "txn-free")])
  func buildsFromOneLocatorDoNotWait(transactions: (slow: String, quick: String)) async throws {
    let spies = CheckoutSpies()
    let locator = spies.locator()
    let slowGateway = PaymentGatewaySpy(transactionID: transactions.slow)
    let quickGateway = PaymentGatewaySpy(transactionID: transactions.quick)
    let firstEntered = DispatchSemaphore(value: 0)
    let secondBuilt = DispatchSemaphore(value: 0)
    let gatewayRuns = Mutex(0)
    // The first gateway resolve waits, for at most five seconds, for the second build; later
    // resolves answer at once.
    locator.register(PaymentGateway.self) {
      let run = gatewayRuns.withLock { count in
        count += 1
        return count
      }
      guard run == 1 else { return quickGateway }
      firstEntered.signal()
      let waitedOut = secondBuilt.wait(timeout: .now() + 5) == .timedOut
      return waitedOut ? PaymentGatewaySpy(transactionID: "txn-waited-out") : slowGateway
    }
    let built = Mutex<[Int: CheckoutService]>([:])

    let finished = await runConcurrently(2) { index in
      if index == 0 {
        let service = try? makeCheckoutService(resolvingFrom: locator)
        built.withLock { $0[0] = service }
      } else {
        _ = firstEntered.wait(timeout: .now() + 5)
        let service = try? makeCheckoutService(resolvingFrom: locator)
        built.withLock { $0[1] = service }
        secondBuilt.signal()
      }
    }
    try #require(finished, "The two builds did not finish in time.")

    let services = built.withLock { $0 }
    let slowReceipt = try? await services[0]?.placeOrder(Order(id: "Q-1", totalInCents: 100))
    let quickReceipt = try? await services[1]?.placeOrder(Order(id: "Q-2", totalInCents: 200))
    // The second build finished while the first one's factory was still running.
    #expect(
      slowReceipt?.transactionID == transactions.slow
        && quickReceipt?.transactionID == transactions.quick,
      """
      Two builds from one locator: the first one's gateway factory waited for the second \
      build, which \(services[1] == nil ? "threw" : "finished"); the first service charged \
      with \(String(describing: slowReceipt?.transactionID)) (txn-waited-out means that \
      factory gave up after five seconds) and the second with \
      \(String(describing: quickReceipt?.transactionID)). Expected \(transactions.slow) and \
      \(transactions.quick). A lock of your own around the build, even one per locator, \
      makes every build wait for the slowest factory, and a factory that builds a checkout \
      service from its own locator waits for a lock its own thread holds. The locator \
      already guards its registrations; resolve with no lock of your own.
      """
    )
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
