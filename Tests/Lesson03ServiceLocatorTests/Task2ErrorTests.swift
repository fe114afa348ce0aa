import KataTestSupport
import Lesson03ServiceLocator
import Synchronization
import Testing

@Suite("Task 2 — Name the missing type")
struct Task2Tests {
  @Test("Guard: the classic locator's fatalError takes the whole process down")
  func classicLocatorCrashes() async {
    // What the starter's ancestors did: the app, and every test in the run, dies here.
    await #expect(processExitsWith: .failure) {
      let classic = ClassicServiceLocator()
      let gateway: any PaymentGateway = classic.resolve()
      _ = gateway
    }
  }

  @Test(
    "Resolving an unregistered protocol throws an error that names it",
    arguments: CheckoutNeed.allCases)
  func unregisteredProtocolIsNamed(missing: CheckoutNeed) throws {
    let locator = ServiceLocator()
    for need in CheckoutNeed.allCases where need != missing { need.register(in: locator) }

    let error = #expect(
      throws: (any Error).self,
      "Nothing is registered for \(missing.typeName), yet resolving it did not throw."
    ) {
      try missing.resolve(from: locator)
    }
    let message = String(describing: try #require(error))
    // The message must name the type that was asked for.
    #expect(
      message.contains(missing.typeName),
      """
      The error for a missing \(missing.typeName) reads "\(message)", so whoever reads \
      the log cannot tell what to register. The error should name the type that was asked \
      for.
      """
    )
  }

  @Test(
    "A type nobody registered throws, even when another registration's service conforms to it",
    arguments: CheckoutNeed.allCases)
  func missIsNotServedByAnotherRegistration(missing: CheckoutNeed) throws {
    let locator = ServiceLocator()
    let runs = Mutex(0)
    // One object that is all three, registered under the other two protocols only.
    let allInOne = AllInOneService()
    let register = { (need: CheckoutNeed) in
      let made: @Sendable () -> Void = { runs.withLock { $0 += 1 } }
      switch need {
      case .payments:
        locator.register(PaymentGateway.self) {
          made()
          return allInOne
        }
      case .receipts:
        locator.register(ReceiptStore.self) {
          made()
          return allInOne
        }
      case .analytics:
        locator.register(Analytics.self) {
          made()
          return allInOne
        }
      }
    }
    for need in CheckoutNeed.allCases where need != missing { register(need) }

    let outcome = Result { try missing.resolve(from: locator) }
    let message = outcome.thrownDescription
    let factoryRuns = runs.withLock { $0 }
    // Nothing is registered for the type asked for: that is the answer, whatever else conforms.
    #expect(
      message != "nothing" && message.contains(missing.typeName),
      """
      Nothing is registered for \(missing.typeName); only the other two protocols are, with \
      a factory whose service conforms to all three. resolve(_:) \
      \(message == "nothing" ? "returned that service" : "threw \"\(message)\""); it \
      should throw an error that names \(missing.typeName). A registration answers for the \
      type it was registered as: a locator that serves whatever happens to conform hands \
      out a service nobody chose for that role, and which one depends on dictionary order.
      """
    )
    #expect(
      factoryRuns == 0,
      """
      Resolving the unregistered \(missing.typeName) ran other factories \(factoryRuns) \
      time(s). A miss makes nothing: every factory run builds a service (a live \
      connection, say) that nobody asked for.
      """
    )
  }

  @Test(
    "The error for a generic service names the type and its argument",
    arguments: [("Billing.Invoice", "Invoice"), ("Int", "Int")])
  func unregisteredGenericIsNamed(argument: (label: String, name: String)) throws {
    let locator = ServiceLocator()
    locator.register(Cache<String>.self) { Cache(label: "words") }

    let error = #expect(throws: (any Error).self) {
      if argument.label == "Int" {
        _ = try locator.resolve(Cache<Int>.self)
      } else {
        _ = try locator.resolve(Cache<Billing.Invoice>.self)
      }
    }
    let message = String(describing: try #require(error))
    // Cache alone is ambiguous; the argument tells Cache<String> (registered) apart.
    #expect(
      message.contains("Cache<") && message.contains(argument.name + ">"),
      """
      The error for a missing Cache<\(argument.label)> reads "\(message)"; it should name \
      the type, generic argument included.
      """
    )
  }

  @Test(
    "After a failed request the locator serves what is registered, and what is added later",
    arguments: [("EUR", "DHL"), ("USD", "UPS")])
  func failureIsNotFatal(values: (currency: String, carrier: String)) {
    let locator = ServiceLocator()
    locator.register(Billing.Settings.self) { Billing.Settings(currency: values.currency) }

    #expect(
      throws: (any Error).self,
      "Shipping.Settings is not registered, yet resolving it did not throw."
    ) {
      try locator.resolve(Shipping.Settings.self)
    }
    let billing = try? locator.resolve(Billing.Settings.self)
    locator.register(Shipping.Settings.self) { Shipping.Settings(carrier: values.carrier) }
    let shipping = try? locator.resolve(Shipping.Settings.self)

    // A failed request is an answer, not a state: nothing about the locator changes.
    #expect(
      billing == Billing.Settings(currency: values.currency),
      """
      After one failed request, Billing.Settings resolved to \(resolvedText(billing)) \
      instead of the \(values.currency) settings registered for it.
      """
    )
    #expect(
      shipping == Shipping.Settings(carrier: values.carrier),
      """
      Shipping.Settings was registered after a request for it had failed, then resolved to \
      \(resolvedText(shipping)) instead of the \(values.carrier) settings. A failed \
      request should leave nothing behind that stops a later registration from working.
      """
    )
  }

  @Test(
    "Each error names its own missing type, also after later failures",
    arguments: [
      (CheckoutNeed.payments, CheckoutNeed.receipts),
      (CheckoutNeed.analytics, CheckoutNeed.payments),
    ])
  func eachErrorNamesItsOwnType(pair: (first: CheckoutNeed, second: CheckoutNeed)) throws {
    let locator = ServiceLocator()
    let other = ServiceLocator()
    var errors: [(asked: CheckoutNeed, error: any Error)] = []
    // Two misses in one locator, then one in another, then the first again: each error is
    // read only after all of them were thrown.
    for (asked, from) in [
      (pair.first, locator), (pair.second, locator), (pair.second, other), (pair.first, locator),
    ] {
      do {
        try asked.resolve(from: from)
      } catch {
        errors.append((asked, error))
      }
    }
    try #require(
      errors.count == 4,
      "Nothing is registered in either locator, yet only \(errors.count) of 4 requests threw.")

    for (index, (asked, error)) in errors.enumerated() {
      let message = "\(error)"
      let otherName = (asked == pair.first ? pair.second : pair.first).typeName
      // An error is a value: it says what was missing when it was thrown, whatever came after.
      #expect(
        message.contains(asked.typeName) && !message.contains(otherName),
        """
        Request \(index + 1) asked for \(asked.typeName), and its error, read after all four \
        requests, says "\(message)". Each error should name the type that request asked \
        for, and not \(otherName) (asked for by another request). Does the error carry the \
        name itself, or read it from somewhere shared or remembered from an earlier miss?
        """
      )
    }
  }

  @Test(
    "Guard: after many failed requests on one thread, the locator still serves what is registered",
    arguments: [(300, "EUR"), (2_000, "USD")])
  func manyFailuresAreNotFatal(example: (misses: Int, currency: String)) async {
    let locator = ServiceLocator()
    locator.register(Billing.Settings.self) { Billing.Settings(currency: example.currency) }

    // A screen that probes for optional services misses again and again, on one thread.
    let outcome = await runOffPool { () -> (threw: Int, billing: Billing.Settings?) in
      var threw = 0
      for _ in 0..<example.misses where (try? locator.resolve(Shipping.Settings.self)) == nil {
        threw += 1
      }
      return (threw, try? locator.resolve(Billing.Settings.self))
    }

    // Each miss is an answer, not a step towards a limit: nothing of it stays behind.
    #expect(
      outcome.value?.threw == example.misses
        && outcome.value?.billing == Billing.Settings(currency: example.currency),
      """
      On one thread, Shipping.Settings (not registered) was requested \(example.misses) \
      times, \(outcome.value.map { "and \($0.threw) requests threw" } ?? "never finished"); \
      then Billing.Settings resolved to \
      \(resolvedText(outcome.value?.billing)) instead of the \(example.currency) settings \
      registered for it. A failed request must leave nothing behind: what resolve(_:) \
      counts or marks while it works (a depth, a type in progress) is undone on every way \
      out, a throw included.
      """
    )
  }
}
