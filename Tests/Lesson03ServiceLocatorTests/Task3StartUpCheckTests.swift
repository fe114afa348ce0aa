import Foundation
import KataTestSupport
import Lesson03ServiceLocator
import Synchronization
import Testing

@Suite("Task 3 — Report every missing registration at start-up")
struct Task3Tests {
  /// What the checkout screen needs, as a composition root would list it.
  let checkoutNeeds: [any Any.Type] = CheckoutNeed.allCases.map(\.type)

  /// Which of the checkout's services a locator has, in the tests that leave some out.
  static let partialRegistrations: [[CheckoutNeed]] = [
    [.payments], [.receipts], [.analytics], [.payments, .analytics], [.receipts, .analytics],
  ]

  @Test("Guard: the check passes when everything required is registered", arguments: [0, 1])
  func passesWhenComplete(list: Int) {
    let locator = CheckoutSpies().locator()
    locator.register(Billing.Settings.self) { Billing.Settings(currency: "EUR") }
    locator.register(Cache<Int>.self) { Cache(label: "numbers") }
    let required: [any Any.Type] =
      list == 0 ? checkoutNeeds : [Cache<Int>.self, Billing.Settings.self, Analytics.self]

    #expect(
      throws: Never.self,
      """
      Every required service (\(required.map { String(describing: $0) })) is registered, so \
      the start-up check should not throw.
      """
    ) {
      try locator.verifyRegistrations(required)
    }
  }

  @Test(
    "The check names every missing registration, and only those, in one error",
    arguments: partialRegistrations)
  func namesEveryMissingRegistration(registered: [CheckoutNeed]) throws {
    let locator = ServiceLocator()
    for need in registered { need.register(in: locator) }
    let missing = CheckoutNeed.allCases.filter { !registered.contains($0) }

    let error = #expect(
      throws: (any Error).self,
      "\(missing.map(\.typeName)) are not registered, yet the check passed."
    ) {
      try locator.verifyRegistrations(checkoutNeeds)
    }
    let message = String(describing: try #require(error))
    let unnamed = missing.filter { !message.contains($0.typeName) }
    let blamed = registered.filter { message.contains($0.typeName) }
    // One error, with the whole list of what is missing.
    #expect(
      unnamed.isEmpty,
      """
      \(missing.map(\.typeName)) are missing, but the error reads "\(message)", which does \
      not name \(unnamed.map(\.typeName)). A start-up check reports every missing \
      registration at once, so one launch shows the whole list, not one per relaunch.
      """
    )
    // The list is a to-do list for whoever reads it: what is registered does not belong.
    #expect(
      blamed.isEmpty,
      """
      \(blamed.map(\.typeName)) are registered, yet the error names them too: "\(message)". \
      Name only the required types that are not registered, so the reader knows what to add.
      """
    )
  }

  @Test("The check names every requirement of an empty locator", arguments: [false, true])
  func namesEveryRequirementOfAnEmptyLocator(withCache: Bool) throws {
    let required = checkoutNeeds + (withCache ? [Cache<Billing.Invoice>.self] : [])
    let error = #expect(throws: (any Error).self, "Nothing is registered, yet the check passed.") {
      try ServiceLocator().verifyRegistrations(required)
    }
    let message = String(describing: try #require(error))
    for name in CheckoutNeed.allCases.map(\.typeName) + (withCache ? ["Cache"] : []) {
      // Every requirement of an empty locator is missing.
      #expect(
        message.contains(name),
        "Nothing is registered, so the error should name \(name) too; it reads \"\(message)\"."
      )
    }
  }

  @Test("The check names every missing type of a long list", arguments: [false, true])
  func namesEveryMissingTypeOfALongList(checkoutRegistered: Bool) throws {
    let locator = checkoutRegistered ? CheckoutSpies().locator() : ServiceLocator()
    // Thirty caches nobody registered, around the checkout's three.
    let required: [any Any.Type] =
      Array(Shelf.caches.prefix(6).map(\.type)) + checkoutNeeds
      + Shelf.caches.dropFirst(6).map(\.type)
    let missing =
      Shelf.caches.map(\.name) + (checkoutRegistered ? [] : CheckoutNeed.allCases.map(\.typeName))

    let error = #expect(
      throws: (any Error).self,
      "\(missing.count) required types are not registered, yet the check passed."
    ) {
      try locator.verifyRegistrations(required)
    }
    let message = String(describing: try #require(error))
    let unnamed = missing.filter { !message.contains($0) }
    // However long the list, the one error names every missing type.
    #expect(
      unnamed.isEmpty,
      """
      \(missing.count) required types are missing (\(Shelf.caches.count) Cache<Shelf.…> types\
      \(checkoutRegistered ? "" : " and the checkout's three")), but the error does not \
      name \(unnamed): "\(message)". A list cut short ("and 2 more") sends whoever fixes it \
      back for another launch; name every missing type.
      """
    )
    if checkoutRegistered {
      let blamed = CheckoutNeed.allCases.map(\.typeName).filter { message.contains($0) }
      #expect(
        blamed.isEmpty,
        "\(blamed) are registered, yet the error names them too: \"\(message)\"."
      )
    }
  }

  @Test("The check tells same-named types apart", arguments: [false, true])
  func tellsSameNamedTypesApart(registerShipping: Bool) throws {
    let locator = ServiceLocator()
    if registerShipping {
      locator.register(Shipping.Settings.self) { Shipping.Settings(carrier: "DHL") }
      locator.register(Cache<Archive.Invoice>.self) { Cache(label: "archived invoices") }
    } else {
      locator.register(Billing.Settings.self) { Billing.Settings(currency: "EUR") }
      locator.register(Cache<Billing.Invoice>.self) { Cache(label: "billing invoices") }
    }
    let registered = registerShipping ? "Shipping.Settings" : "Billing.Settings"
    let absent = registerShipping ? "Billing.Settings" : "Shipping.Settings"

    // The same-named type next to the registered one is still missing.
    #expect(
      throws: (any Error).self,
      """
      \(absent) is not registered, only \(registered) is, yet the check passed. Does the \
      check use the same type-identity key as register(_:factory:)?
      """
    ) {
      try locator.verifyRegistrations([Billing.Settings.self, Shipping.Settings.self])
    }
    #expect(
      throws: (any Error).self,
      """
      Only one of Cache<Billing.Invoice> and Cache<Archive.Invoice> is registered, yet the \
      check passed for both. Does the check use the same type-identity key as \
      register(_:factory:)?
      """
    ) {
      try locator.verifyRegistrations([Cache<Billing.Invoice>.self, Cache<Archive.Invoice>.self])
    }
  }

  @Test(
    "Guard: after the check, a later registration still replaces the earlier one",
    arguments: [("txn-launch", "txn-later"), ("txn-a", "txn-b")])
  func laterRegistrationAfterTheCheck(transactions: (first: String, second: String)) async {
    let first = CheckoutSpies(transactionID: transactions.first)
    let second = CheckoutSpies(transactionID: transactions.second)
    let locator = first.locator()
    try? locator.verifyRegistrations(checkoutNeeds)
    second.register(in: locator)

    let payments = try? locator.resolve(PaymentGateway.self)
    let receipts = try? locator.resolve(ReceiptStore.self)
    let analytics = try? locator.resolve(Analytics.self)
    let transactionID = try? await payments?.charge(amountInCents: 100, reference: "probe")
    let receipt = Receipt(orderID: "probe", transactionID: "t", amountInCents: 100)
    try? await receipts?.save(receipt)
    analytics?.track("probe", orderID: "probe")

    // The check only looks; what resolve(_:) returns is still what is registered now.
    #expect(
      transactionID == transactions.second && second.receipts.receipts == [receipt]
        && second.analytics.events.map(\.name) == ["probe"],
      transactionID == transactions.first
        ? """
        Services were registered again after the start-up check, but resolving gave the \
        ones from before the check (gateway answered \(transactions.first)). Does the check \
        build the services and keep them? Let it only look (or throw away what it built), \
        so a later registration still replaces the earlier one.
        """
        : """
        After the start-up check, services were registered again; resolving should give \
        those. The gateway answered \(String(describing: transactionID)); the later spies \
        saw: \(second.summary).
        """
    )
  }

  @Test(
    "Guard: after the check, every resolve still runs the factory and makes a new object",
    arguments: [false, true])
  func resolveAfterTheCheckMakesANewObject(oneAlive: Bool) {
    let locator = ServiceLocator()
    let factory = ConnectionFactory()
    factory.register(in: locator)
    // With one already resolved and alive, and without.
    let earlier = oneAlive ? try? locator.resolve(Connection.self) : nil
    try? locator.verifyRegistrations([Connection.self])

    let madeBefore = factory.count
    let first = try? locator.resolve(Connection.self)
    let second = try? locator.resolve(Connection.self)
    let numbers = [first, second].map { $0.map { "\($0.number)" } ?? "nil" }
    let expected = [madeBefore + 1, madeBefore + 2].map { "\($0)" }

    // The check only answers "is it registered?"; it does not change what resolve(_:) hands out.
    #expect(
      numbers == expected && factory.count == madeBefore + 2 && first !== earlier,
      """
      After the start-up check, Connection (a class) was resolved twice. The factory had made \
      \(madeBefore) object(s) before these resolves\(oneAlive ? " (one resolved earlier and still alive)" : ""); \
      the resolves gave the objects numbered \(numbers), expected \(expected): two new \
      ones, made by these resolves. A check that builds the services must throw away what \
      it built, or the next resolve hands out an object made at launch instead of a new one.
      """
    )
    _ = earlier
  }

  @Test(
    "Guard: once the missing service is registered, the check passes",
    arguments: CheckoutNeed.allCases)
  func passesOnceCompleted(missing: CheckoutNeed) {
    let locator = ServiceLocator()
    for need in CheckoutNeed.allCases where need != missing { need.register(in: locator) }
    #expect(
      throws: (any Error).self, "\(missing.typeName) is not registered, yet the check passed."
    ) {
      try locator.verifyRegistrations(checkoutNeeds)
    }
    missing.register(in: locator)

    // The check answers for the registrations as they are now.
    #expect(
      throws: Never.self,
      """
      \(missing.typeName) was registered after a failed check, so everything is registered \
      now; checking again should pass.
      """
    ) {
      try locator.verifyRegistrations(checkoutNeeds)
    }
  }

  @Test(
    "A check that passed does not vouch for the next list",
    arguments: [CheckoutNeed.payments, CheckoutNeed.analytics])
  func everyCheckLooksAgain(registered: CheckoutNeed) throws {
    let locator = ServiceLocator()
    registered.register(in: locator)
    let missing = CheckoutNeed.allCases.filter { $0 != registered }

    #expect(
      throws: Never.self,
      "Only \(registered.typeName) is required, and it is registered; the check should pass."
    ) {
      try locator.verifyRegistrations([registered.type])
    }
    // The same locator, checked again with a longer list.
    let error = #expect(
      throws: (any Error).self,
      """
      A first check of [\(registered.typeName)] passed; a second check of all three then \
      passed too, although \(missing.map(\.typeName)) are not registered. Each check answers \
      for the list it is given, as the locator is now; do not remember an earlier verdict.
      """
    ) {
      try locator.verifyRegistrations(checkoutNeeds)
    }
    let message = String(describing: try #require(error))
    #expect(
      missing.allSatisfy { message.contains($0.typeName) },
      "The second check's error should name \(missing.map(\.typeName)); it reads \"\(message)\"."
    )
  }

  @Test(
    "A failed resolve does not make the check vouch for the missing type",
    arguments: CheckoutNeed.allCases)
  func failedResolveLeavesTheCheckAlone(missing: CheckoutNeed) throws {
    let locator = ServiceLocator()
    for need in CheckoutNeed.allCases where need != missing { need.register(in: locator) }
    // Someone asks for the missing service before the check runs.
    let resolved = Result { try missing.resolve(from: locator) }
    try #require(
      resolved.thrownDescription != "nothing",
      "\(missing.typeName) is not registered, yet resolve(_:) returned something for it."
    )

    let error = #expect(
      throws: (any Error).self,
      """
      \(missing.typeName) is not registered, and resolve(_:) just threw for it; the check \
      then passed. Whatever resolve(_:) remembers about a type it could not make, the \
      check answers for the registrations only: a failed request registers nothing.
      """
    ) {
      try locator.verifyRegistrations(checkoutNeeds)
    }
    let message = String(describing: try #require(error))
    #expect(
      message.contains(missing.typeName),
      """
      After a failed resolve of \(missing.typeName), the check's error should name it; it \
      reads "\(message)".
      """
    )
  }

  @Test(
    "Each check answers for its own list, not for the lists checked before",
    arguments: [(CheckoutNeed.receipts, CheckoutNeed.analytics), (.analytics, .receipts)])
  func checkForgetsEarlierLists(missing: (first: CheckoutNeed, second: CheckoutNeed)) throws {
    let locator = ServiceLocator()
    CheckoutNeed.payments.register(in: locator)
    let firstError = #expect(
      throws: (any Error).self,
      "\(missing.first.typeName) is not registered, yet the check passed."
    ) {
      try locator.verifyRegistrations([PaymentGateway.self, missing.first.type])
    }
    _ = try #require(firstError)

    // A shorter list, everything in it registered.
    let shorter = Result { try locator.verifyRegistrations([PaymentGateway.self]) }
    #expect(
      shorter.thrownDescription == "nothing",
      """
      A check of [PaymentGateway, \(missing.first.typeName)] failed; a second check of \
      [PaymentGateway] alone, which is registered, then threw "\(shorter.thrownDescription)". \
      Each check answers for the list it is given: what an earlier check required does not \
      belong to the next one.
      """
    )
    // Another list with another missing type: the error names that one, not the first.
    let other = Result { try locator.verifyRegistrations([missing.second.type]) }
    let message = other.thrownDescription
    #expect(
      message.contains(missing.second.typeName) && !message.contains(missing.first.typeName),
      """
      After a check of [PaymentGateway, \(missing.first.typeName)], a check of \
      [\(missing.second.typeName)] should name \(missing.second.typeName) only; it reads \
      "\(message)". Name the missing types of the list given now, nothing else.
      """
    )
  }

  @Test("Two locators are checked on their own registrations", arguments: [false, true])
  func locatorsAreCheckedApart(emptyFirst: Bool) throws {
    let empty = ServiceLocator()
    let complete = CheckoutSpies().locator()
    let check = { (locator: ServiceLocator) in
      Result { try locator.verifyRegistrations(self.checkoutNeeds) }
    }
    // Either one is checked first.
    let (emptyResult, completeResult): (Result<Void, any Error>, Result<Void, any Error>)
    if emptyFirst {
      let first = check(empty)
      (emptyResult, completeResult) = (first, check(complete))
    } else {
      let first = check(complete)
      (emptyResult, completeResult) = (check(empty), first)
    }

    // What one locator holds says nothing about another.
    #expect(
      completeResult.thrownDescription == "nothing",
      """
      A locator that holds all three services failed its check next to an empty one: \
      "\(completeResult.thrownDescription)".
      """
    )
    let message = emptyResult.thrownDescription
    #expect(
      CheckoutNeed.allCases.allSatisfy { message.contains($0.typeName) },
      """
      An empty locator, checked next to one that holds everything, should fail naming all \
      three services; it threw "\(message)". Does the check read registrations kept \
      somewhere every locator shares, instead of this locator's own?
      """
    )
  }

  @Test("Guard: the check copes with factories that resolve from the same locator")
  func checkWithNestedFactories() async {
    let locator = ServiceLocator()
    locator.register(Billing.Settings.self) { Billing.Settings(currency: "EUR") }
    locator.register(Cache<Int>.self) {
      let billing = try? locator.resolve(Billing.Settings.self)
      return Cache(label: "invoices in \(billing?.currency ?? "nothing")")
    }

    let outcome = await runOffPool {
      try locator.verifyRegistrations([Cache<Int>.self, Billing.Settings.self])
      return try locator.resolve(Cache<Int>.self)
    }

    // Whether the check builds or only looks, it must not hold the lock while a factory runs.
    #expect(
      outcome.value == Cache<Int>(label: "invoices in EUR"),
      outcome.didFinish
        ? """
        With both registered, the check and a resolve after it should give \
        Cache<Int> "invoices in EUR"; they gave \(String(describing: outcome.value)).
        """
        : """
        The start-up check never returned when a factory resolves another service from the \
        same locator. If the check builds the services, does it hold the locator's lock while \
        a factory runs? Copy what you need under the lock and build after releasing it.
        """
    )
  }

  @Test(
    "Guard: a check that builds keeps nothing it built", arguments: [1, 3])
  func checkKeepsNothingItBuilt(checks: Int) {
    let locator = ServiceLocator()
    let made = Mutex<[WeakBox<Connection>]>([])
    locator.register(Connection.self) {
      let connection = Connection(number: made.withLock { $0.count + 1 })
      made.withLock { $0.append(WeakBox(connection)) }
      return connection
    }
    locator.register(Billing.Settings.self) { Billing.Settings(currency: "EUR") }

    for _ in 0..<checks {
      try? locator.verifyRegistrations([Connection.self, Billing.Settings.self])
    }

    // The locator lives on, as the app's does; what a check built must not.
    let alive = made.withLock { boxes in boxes.filter { $0.object != nil }.count }
    let built = made.withLock { $0.count }
    withExtendedLifetime(locator) {}
    #expect(
      alive == 0,
      """
      The start-up check ran \(checks) time(s) and built \(built) Connection(s) (a class); \
      \(alive) of them are still alive after the check returned, while nobody but the \
      locator can hold them. A check that builds the services to see that they can be made \
      must let go of what it built: launch code may still register after it, and a service \
      (a connection, a database) kept for nothing holds its resources for the app's life.
      """
    )
  }

  @Test(
    "Guard: while a check waits in a factory, other threads resolve and register",
    arguments: [("DHL", "UPS"), ("FedEx", "GLS")])
  func checkDoesNotBlockTheLocator(carriers: (first: String, second: String)) async {
    let locator = ServiceLocator()
    // Signalled when the check reaches the slow factory, or when it returns without it.
    let progress = DispatchSemaphore(value: 0)
    let gate = DispatchSemaphore(value: 0)
    let gateTimedOut = Mutex(false)
    locator.register(Billing.Settings.self) {
      // A slow factory (opening a database, say), if the check builds it.
      progress.signal()
      if gate.wait(timeout: .now() + 5) == .timedOut { gateTimedOut.withLock { $0 = true } }
      return Billing.Settings(currency: "EUR")
    }
    locator.register(Shipping.Settings.self) { Shipping.Settings(carrier: carriers.first) }

    async let check = runOffPool {
      defer { progress.signal() }
      try locator.verifyRegistrations([Billing.Settings.self, Shipping.Settings.self])
    }
    let meanwhile = await runOffPool { () -> [String] in
      guard progress.wait(timeout: .now() + 5) == .success else { return ["no check ran"] }
      defer { gate.signal() }
      let first = (try? locator.resolve(Shipping.Settings.self)).map(\.carrier) ?? "an error"
      locator.register(Shipping.Settings.self) { Shipping.Settings(carrier: carriers.second) }
      let second = (try? locator.resolve(Shipping.Settings.self)).map(\.carrier) ?? "an error"
      return [first, second]
    }
    let checked = await check

    // The check, like resolve(_:), runs factories with the lock released.
    #expect(
      meanwhile.value == [carriers.first, carriers.second] && !gateTimedOut.withLock { $0 }
        && checked.didFinish,
      """
      While the start-up check ran (and, if it builds, waited in a slow factory), another \
      thread resolved Shipping.Settings, registered it again and resolved it again; it got \
      \(meanwhile.value.map { "\($0)" } ?? "stuck, no answer within 5 seconds"), expected \
      [\(carriers.first), \(carriers.second)]\
      \(gateTimedOut.withLock { $0 } ? ", and it waited until the slow factory gave up" : ""). \
      A check that builds must run the factories outside the lock, as resolve(_:) does: \
      copy what you need under the lock, release it, then build.
      """
    )
  }
}
