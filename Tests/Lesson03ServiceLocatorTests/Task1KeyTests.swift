import Foundation
import KataTestSupport
import Lesson03ServiceLocator
import Synchronization
import Testing

@Suite("Task 1 — Key services by type identity")
struct Task1Tests {
  /// Two values for each of the same-named types, so no hard-coded value passes.
  static let settings: [(currency: String, carrier: String)] = [("EUR", "DHL"), ("USD", "UPS")]

  @Test(
    "Same-named types in different namespaces keep their own registrations",
    arguments: settings, [false, true])
  func nestedTypesWithTheSameName(values: (currency: String, carrier: String), shippingFirst: Bool)
    throws
  {
    try #require(
      String(describing: Billing.Settings.self) == String(describing: Shipping.Settings.self),
      "This test needs two types that print alike; this toolchain prints them differently."
    )
    let locator = ServiceLocator()
    let registerBilling = {
      locator.register(Billing.Settings.self) { Billing.Settings(currency: values.currency) }
    }
    let registerShipping = {
      locator.register(Shipping.Settings.self) { Shipping.Settings(carrier: values.carrier) }
    }
    if shippingFirst {
      registerShipping()
      registerBilling()
    } else {
      registerBilling()
      registerShipping()
    }

    let billing = try? locator.resolve(Billing.Settings.self)
    let shipping = try? locator.resolve(Shipping.Settings.self)

    // Registering one Settings type must not touch the other's registration.
    #expect(
      billing == Billing.Settings(currency: values.currency),
      """
      Billing.Settings resolved to \(resolvedText(billing)), not the \
      \(values.currency) settings registered for it. Both types are called "Settings", so \
      a key built from the type's name is shared and the other registration overwrote it. \
      Two types need two keys even when their names print alike: a type's identity, not its \
      name.
      """
    )
    #expect(
      shipping == Shipping.Settings(carrier: values.carrier),
      """
      Shipping.Settings resolved to \(resolvedText(shipping)), not the \
      \(values.carrier) settings registered for it; it should get its own registration, \
      whatever other type is also called "Settings".
      """
    )
  }

  @Test(
    "Same-named top-level types from two modules keep their own registrations",
    arguments: [("launch bytes", "app data"), ("raw", "model")], [false, true])
  func sameNamedTypesFromTwoModules(labels: (foundation: String, app: String), appFirst: Bool)
    throws
  {
    let withoutModule = { (type: any Any.Type) in
      String(reflecting: type).drop { $0 != "." }.dropFirst()
    }
    try #require(
      withoutModule(Foundation.Data.self) == withoutModule(Data.self),
      "This test needs two types whose full names differ only in their module."
    )
    let locator = ServiceLocator()
    let registerFoundation = {
      locator.register(Foundation.Data.self) { Foundation.Data(labels.foundation.utf8) }
    }
    let registerApp = { locator.register(Data.self) { Data(label: labels.app) } }
    if appFirst {
      registerApp()
      registerFoundation()
    } else {
      registerFoundation()
      registerApp()
    }

    let bytes = (try? locator.resolve(Foundation.Data.self)).map {
      String(decoding: $0, as: UTF8.self)
    }
    let app = try? locator.resolve(Data.self)

    // Foundation's Data and the app's own Data are two types, in two modules: two keys.
    #expect(
      bytes == labels.foundation,
      """
      Foundation.Data resolved to \(resolvedText(bytes.map { "bytes reading \"\($0)\"" })), \
      not the bytes "\(labels.foundation)" registered for it. This \
      test module declares a Data of its own; without the module, both full names read \
      "Data". A key that drops the module (or any part of the name) lets two modules' types \
      share it; the type's identity never does.
      """
    )
    #expect(
      app == Data(label: labels.app),
      """
      The test module's own Data resolved to \(resolvedText(app)), not \
      "\(labels.app)". It has the same name as Foundation's Data, in another module, and \
      should keep its own registration.
      """
    )
  }

  @Test(
    "Generic arguments that print alike keep their own registrations",
    arguments: [("billing invoices", "archived invoices"), ("current", "old")])
  func genericArgumentsThatPrintAlike(labels: (billing: String, archive: String)) throws {
    try #require(
      String(describing: Cache<Billing.Invoice>.self)
        == String(describing: Cache<Archive.Invoice>.self),
      "This test needs two generic types that print alike; this toolchain prints them differently."
    )
    let locator = ServiceLocator()
    locator.register(Cache<Billing.Invoice>.self) { Cache(label: labels.billing) }
    locator.register(Cache<Archive.Invoice>.self) { Cache(label: labels.archive) }

    let billing = try? locator.resolve(Cache<Billing.Invoice>.self)
    let archive = try? locator.resolve(Cache<Archive.Invoice>.self)

    // Each generic type must come back with its own registration.
    #expect(
      billing?.label == labels.billing,
      """
      Cache<Billing.Invoice> resolved to \(resolvedText(billing)), not \
      "\(labels.billing)". Both caches print as "Cache<Invoice>", so a key made from that \
      text collides; a key made from the type's identity does not.
      """
    )
    #expect(
      archive?.label == labels.archive,
      """
      Cache<Archive.Invoice> resolved to \(resolvedText(archive)), not \
      "\(labels.archive)"; it was registered on its own and should come back on its own.
      """
    )
  }

  @Test(
    "Different generic arguments keep their own registrations",
    arguments: [("numbers", "words"), ("counts", "names")])
  func differentGenericArguments(labels: (int: String, string: String)) {
    let locator = ServiceLocator()
    locator.register(Cache<Int>.self) { Cache(label: labels.int) }
    locator.register(Cache<String>.self) { Cache(label: labels.string) }

    let numbers = try? locator.resolve(Cache<Int>.self)
    let words = try? locator.resolve(Cache<String>.self)

    // Cache<Int> and Cache<String> are two types: two registrations.
    #expect(
      numbers?.label == labels.int,
      """
      Cache<Int> resolved to \(resolvedText(numbers)), not "\(labels.int)"; does the \
      key keep the generic argument?
      """
    )
    #expect(
      words?.label == labels.string,
      """
      Cache<String> resolved to \(resolvedText(words)), not "\(labels.string)"; does \
      the key keep the generic argument?
      """
    )
  }

  @Test(
    "Guard: a later registration replaces the earlier one, also after a resolve",
    arguments: [("EUR", "USD"), ("CHF", "GBP")])
  func laterRegistrationReplaces(currencies: (first: String, second: String)) {
    let locator = ServiceLocator()
    locator.register(Billing.Settings.self) { Billing.Settings(currency: currencies.first) }
    let before = try? locator.resolve(Billing.Settings.self)
    locator.register(Billing.Settings.self) { Billing.Settings(currency: currencies.second) }
    let after = try? locator.resolve(Billing.Settings.self)
    let again = try? locator.resolve(Billing.Settings.self)

    // Resolve what is registered now: the first registration, then the one that replaced it.
    #expect(
      before == Billing.Settings(currency: currencies.first),
      """
      Billing.Settings resolved to \(resolvedText(before)) right after it was \
      registered with \(currencies.first); it should resolve to what was registered.
      """
    )
    #expect(
      after == Billing.Settings(currency: currencies.second)
        && again == Billing.Settings(currency: currencies.second),
      after == before
        ? """
        Billing.Settings was registered again with \(currencies.second), but resolving it \
        still gives \(resolvedText(after)): the locator kept what it made the first \
        time. A later registration replaces the earlier one, also after a resolve; let \
        resolve(_:) run the factory that is registered now.
        """
        : """
        After registering Billing.Settings again with \(currencies.second), it resolved to \
        \(resolvedText(after)) and then \(resolvedText(again)). A later \
        registration should replace the earlier one, as before your change.
        """
    )
  }

  static let factoryRanTooOften = """
    the factory should run once per resolve(_:), not more: every extra run makes a service \
    (in the app, a live connection, say) that nobody asked for.
    """
  static let factoryResultKept = """
    the locator kept what the factory made the first time, so a service meant to be made \
    fresh for each caller is shared by all of them. Run the registered factory on every \
    resolve(_:).
    """

  @Test(
    "Guard: every resolve runs the factory, so each call gets what it makes now", arguments: [2, 3])
  func everyResolveRunsTheFactory(resolves: Int) {
    let locator = ServiceLocator()
    let made = Mutex(0)
    locator.register(Billing.Settings.self) {
      let number = made.withLock { count in
        count += 1
        return count
      }
      return Billing.Settings(currency: "EUR-\(number)")
    }

    let resolved = (0..<resolves).map { _ in try? locator.resolve(Billing.Settings.self) }
    let expected = (1...resolves).map { Billing.Settings(currency: "EUR-\($0)") }

    // A factory is a recipe, not a value: resolve(_:) follows it on every call.
    #expect(
      resolved == expected,
      """
      Billing.Settings was resolved \(resolves) time(s) from a factory that makes a new value \
      on each call; the locator returned \(resolved.map { $0?.currency ?? "nil" }) and ran \
      the factory \(made.withLock { $0 }) time(s). Expected \(expected.map(\.currency)): \
      \(made.withLock { $0 } > resolves ? Self.factoryRanTooOften : Self.factoryResultKept)
      """
    )
  }

  @Test(
    "Guard: every resolve of a class service makes a new object, also while the last one lives",
    arguments: [2, 3])
  func everyResolveMakesANewObject(resolves: Int) {
    let locator = ServiceLocator()
    let factory = ConnectionFactory()
    factory.register(in: locator)

    // Every object stays alive until the end, so none of them can be taken for a new one.
    let resolved = (0..<resolves).map { _ in try? locator.resolve(Connection.self) }
    let numbers = resolved.map { $0.map { "\($0.number)" } ?? "nil" }
    let distinct = Set(resolved.compactMap { $0.map(ObjectIdentifier.init) }).count

    // A factory registered for a class is a recipe too: one run, one new object, per resolve.
    #expect(
      numbers == (1...resolves).map { "\($0)" } && distinct == resolves
        && factory.count == resolves,
      """
      Connection (a class) was resolved \(resolves) time(s), and every object was kept \
      alive; the factory ran \(factory.count) time(s), and the resolves gave \(distinct) \
      distinct object(s), numbered \(numbers) in the order the factory made them. Expected \
      \(resolves) new objects, 1 to \(resolves): a locator that hands out an object it made \
      before (because it is a class, or still alive) turns every class service into a \
      shared one behind its callers' backs. Run the registered factory on every resolve(_:).
      """
    )
  }

  @Test(
    "Guard: a factory that resolves a class twice gets two objects", arguments: [1, 2])
  func nestedResolvesMakeNewObjects(pairs: Int) async {
    let locator = ServiceLocator()
    let factory = ConnectionFactory()
    factory.register(in: locator)
    locator.register(ConnectionPair.self) {
      // One factory, two resolves of the same class: two connections, as two callers get.
      let first = try? locator.resolve(Connection.self)
      let second = try? locator.resolve(Connection.self)
      return ConnectionPair(
        first: first ?? Connection(number: -1), second: second ?? Connection(number: -1))
    }

    let outcome = await runOffPool {
      try (0..<pairs).map { _ in try locator.resolve(ConnectionPair.self) }
    }

    let made = (outcome.value ?? []).flatMap { [$0.first, $0.second] }
    let numbers = made.map(\.number)
    let distinct = Set(made.map(ObjectIdentifier.init)).count
    // Every resolve runs the factory, also the resolves a factory makes while it builds.
    #expect(
      numbers == Array(1...(2 * pairs)) && distinct == 2 * pairs,
      outcome.didFinish
        ? """
        A ConnectionPair factory resolves Connection (a class) twice; \(pairs) pair(s) held \
        connections numbered \(numbers), \(distinct) distinct object(s), and the Connection \
        factory ran \(factory.count) time(s). Expected \(2 * pairs) new objects, 1 to \
        \(2 * pairs): a resolve made inside a factory is a resolve too, and gets what the \
        factory registered for it makes now, not an object made earlier in the same build.
        """
        : """
        resolve(_:) never returned when the factory it ran resolved another service from \
        the same locator. Is the locator's lock held while the factory runs?
        """
    )
  }

  @Test(
    "Guard: threads resolving the same type at the same moment each get a service",
    arguments: [2, 24])
  func sameTypeResolvedAtOnce(threads: Int) async {
    let locator = ServiceLocator()
    let meeting = MeetingPoint(count: threads)
    let made = Mutex(0)
    locator.register(Billing.Settings.self) {
      // Nobody leaves the factory before every thread is inside it.
      meeting.enterAndWait()
      let number = made.withLock { count in
        count += 1
        return count
      }
      return Billing.Settings(currency: "EUR-\(number)")
    }
    let outcomes = Mutex<[Int: String]>([:])

    let finished = await runConcurrently(threads) { index in
      let outcome = Result { try locator.resolve(Billing.Settings.self) }
      let text =
        switch outcome {
        case .success(let settings): settings.currency
        case .failure(let error): "threw \"\(error)\""
        }
      outcomes.withLock { $0[index] = text }
    }

    let results = outcomes.withLock { $0 }.sorted { $0.key < $1.key }.map(\.value)
    let served = results.filter { $0.hasPrefix("EUR-") }.count
    // Two callers of one type at once are two callers, not a service that depends on itself.
    #expect(
      finished && served == threads && meeting.entered == threads,
      """
      \(threads) threads resolved Billing.Settings at the same moment, from a factory that \
      waits until all of them are inside it; they got \(results), and \(meeting.entered) \
      of them reached the factory. Each should get a service of its own. Whatever the \
      locator tracks while a factory runs (types in progress, to find a cycle, say) belongs \
      to one resolve on one thread, not to the whole locator: another thread asking for \
      the same type is no cycle, and many resolves running at once are no deep graph (a \
      depth counted across threads is).
      """
    )
  }

  @Test(
    "Guard: a factory may resolve other services from the same locator",
    arguments: [("EUR", "DHL"), ("USD", "UPS")])
  func factoryResolvesFromTheSameLocator(values: (currency: String, carrier: String)) async {
    let locator = ServiceLocator()
    locator.register(Billing.Settings.self) { Billing.Settings(currency: values.currency) }
    locator.register(Cache<Int>.self) {
      // A service built from another one, as launch code often registers it.
      let billing = try? locator.resolve(Billing.Settings.self)
      return Cache(label: "\(values.carrier) in \(billing?.currency ?? "nothing")")
    }

    let outcome = await runOffPool {
      (first: try locator.resolve(Cache<Int>.self), again: try locator.resolve(Cache<Int>.self))
    }

    let expected = Cache<Int>(label: "\(values.carrier) in \(values.currency)")
    // A factory runs with the lock released, so it can ask the locator for what it needs.
    #expect(
      outcome.value?.first == expected && outcome.value?.again == expected,
      outcome.didFinish
        ? """
        The Cache<Int> factory resolves Billing.Settings from the same locator; \
        resolving it twice gave \(String(describing: outcome.value)), expected \(expected) \
        both times.
        """
        : """
        resolve(_:) never returned when the factory it ran resolved another service from \
        the same locator. Is the locator's lock held while the factory runs? The factory's \
        own resolve then waits for a lock that its caller holds.
        """
    )
  }

  @Test(
    "Guard: a long chain of factories, each resolving the next, resolves from the top",
    arguments: [12, 14])
  func longChainOfNestedResolves(links: Int) async {
    let locator = ServiceLocator()
    let chain = Array(Shelf.chain.prefix(links))
    let runs = Mutex<[String: Int]>([:])
    for (index, link) in chain.enumerated() {
      var next: (@Sendable () -> String)?
      if index + 1 < chain.count {
        let after = chain[index + 1]
        // A link whose resolve throws says so in the label, so the message can show where.
        next = { (try? after.resolve(locator)) ?? "(resolving \(after.name) threw)" }
      }
      link.register(locator, next) { runs.withLock { $0[link.name, default: 0] += 1 } }
    }

    let outcome = await runOffPool { try chain[0].resolve(locator) }

    let expected = chain.map(\.name).joined(separator: " > ")
    let ran = chain.map { link in runs.withLock { $0[link.name] ?? 0 } }
    // However deep the graph, every factory runs once and gets what it resolves.
    #expect(
      outcome.value == expected && ran == Array(repeating: 1, count: links),
      outcome.didFinish
        ? """
        \(links) services were registered as a chain: each factory, from Cache<Shelf.Alpha> \
        on, resolves the next one from the same locator. Resolving the top gave \
        \(outcome.value.map { "\"\($0)\"" } ?? "an error"), expected "\(expected)", and the \
        factories ran \(ran) time(s), expected once each. A factory may resolve other \
        services from the same locator, and those may too: a graph has the depth its \
        services give it. A limit on how deep resolves may nest (to catch a cycle, say) \
        fails a graph that is only deep.
        """
        : """
        resolve(_:) never returned for a chain of \(links) factories, each resolving the \
        next from the same locator. Is the locator's lock held while a factory runs?
        """
    )
  }

  @Test(
    "Guard: many threads, each deep in a chain of factories at the same moment, all get it",
    arguments: [40, 64])
  func manyDeepResolvesAtOnce(threads: Int) async {
    let locator = ServiceLocator()
    let chain = Array(Shelf.chain.prefix(4))
    let meeting = MeetingPoint(count: threads)
    let metInTime = Mutex(0)
    for (index, link) in chain.enumerated() {
      var next: (@Sendable () -> String)?
      if index + 1 < chain.count {
        let after = chain[index + 1]
        next = { (try? after.resolve(locator)) ?? "(resolving \(after.name) threw)" }
      }
      let isLast = index + 1 == chain.count
      // Every thread waits at the bottom of the chain until all of them are there.
      link.register(locator, next) {
        if isLast, meeting.enterAndWait() { metInTime.withLock { $0 += 1 } }
      }
    }
    let outcomes = Mutex<[Int: String]>([:])

    let finished = await runConcurrently(threads) { index in
      let text = (try? chain[0].resolve(locator)) ?? "threw"
      outcomes.withLock { $0[index] = text }
    }

    let expected = chain.map(\.name).joined(separator: " > ")
    let results = outcomes.withLock { $0 }
    let served = results.values.filter { $0 == expected }.count
    let other = Set(results.values.filter { $0 != expected }).sorted().prefix(3)
    // Many resolves at once are many graphs, each as deep as its own services make it.
    #expect(
      finished && served == threads && metInTime.withLock { $0 } == threads,
      """
      \(threads) threads each resolved a chain of \(chain.count) factories (each resolving \
      the next from the same locator), and waited at its bottom until every thread was \
      there; \(finished ? "all returned" : "they did not all return within 10 seconds"), \
      \(served) got "\(expected)", \(metInTime.withLock { $0 }) of them were at the bottom \
      together\(other.isEmpty ? "" : ", others got \(Array(other))"). Whatever the locator \
      tracks while factories run (a depth, types in progress, a number of factories allowed \
      to run at once) belongs to one resolve, not to the whole locator: \(threads) callers \
      at once are \(threads) graphs of depth \(chain.count), not one graph of depth \
      \(threads * chain.count), and a limit shared by all of them (locks or permits held \
      while a factory waits for another) stops or deadlocks them.
      """
    )
  }

  @Test(
    "Guard: a registration made while another thread's factory runs takes effect at once",
    arguments: [("DHL", "UPS"), ("FedEx", "GLS")])
  func registrationWhileAFactoryRuns(carriers: (first: String, second: String)) async {
    let locator = ServiceLocator()
    let entered = DispatchSemaphore(value: 0)
    let gate = DispatchSemaphore(value: 0)
    let gateTimedOut = Mutex(false)
    locator.register(Billing.Settings.self) {
      // A slow factory (opening a database at launch, say) that waits for the test.
      entered.signal()
      if gate.wait(timeout: .now() + 5) == .timedOut { gateTimedOut.withLock { $0 = true } }
      return Billing.Settings(currency: "EUR")
    }

    async let slow = runOffPool { try locator.resolve(Billing.Settings.self) }
    let meanwhile = await runOffPool { () -> [String] in
      guard entered.wait(timeout: .now() + 5) == .success else { return ["no slow factory"] }
      defer { gate.signal() }
      let resolveNow = {
        (try? locator.resolve(Shipping.Settings.self)).map(\.carrier) ?? "an error"
      }
      locator.register(Shipping.Settings.self) { Shipping.Settings(carrier: carriers.first) }
      let first = resolveNow()
      locator.register(Shipping.Settings.self) { Shipping.Settings(carrier: carriers.second) }
      return [first, resolveNow()]
    }
    let slowOutcome = await slow

    // A registration counts from the moment register(_:factory:) returns, for everyone.
    #expect(
      meanwhile.value == [carriers.first, carriers.second] && !gateTimedOut.withLock { $0 }
        && slowOutcome.value == Billing.Settings(currency: "EUR"),
      """
      While one thread's Billing.Settings factory was still running, another thread \
      registered Shipping.Settings (\(carriers.first)), resolved it, registered it again \
      (\(carriers.second)) and resolved it again; it got \
      \(meanwhile.value.map { "\($0)" } ?? "stuck, no answer within 5 seconds"), expected \
      [\(carriers.first), \(carriers.second)]\
      \(gateTimedOut.withLock { $0 } ? ", and it was stuck until the slow factory gave up" : ""). \
      resolve(_:) runs the factory registered now: a registration that waits until no \
      resolve is running (or for a lock held while a factory runs) is not there when \
      launch code asks for it.
      """
    )
  }
}
