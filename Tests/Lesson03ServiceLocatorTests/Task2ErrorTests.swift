import Lesson03ServiceLocator
import Testing

@Suite("Task 2 — Name the missing type")
struct Task2Tests {
  @Test("The classic locator's fatalError takes the whole process down")
  func classicLocatorCrashes() async {
    // What the starter's ancestors did: the app, and every test in the run, dies here.
    await #expect(processExitsWith: .failure) {
      let classic = ClassicServiceLocator()
      let gateway: any PaymentGateway = classic.resolve()
      _ = gateway
    }
  }

  @Test("Resolving an unregistered protocol throws an error that names it")
  func unregisteredProtocolIsNamed() throws {
    let locator = ServiceLocator()
    locator.register(Analytics.self) { AnalyticsSpy() }

    let error = #expect(throws: (any Error).self) {
      try locator.resolve(PaymentGateway.self)
    }
    let message = String(describing: try #require(error))
    #expect(
      message.contains("PaymentGateway"),
      """
      The error for a missing PaymentGateway reads "\(message)". Put the type's name in it \
      (String(describing:) or String(reflecting:) of the type; an ObjectIdentifier prints \
      only an address).
      """
    )
  }

  @Test("The error for a generic service names the type and its argument")
  func unregisteredGenericIsNamed() throws {
    let locator = ServiceLocator()
    locator.register(Cache<String>.self) { Cache(label: "words") }

    let error = #expect(throws: (any Error).self) {
      try locator.resolve(Cache<Billing.Invoice>.self)
    }
    let message = String(describing: try #require(error))
    #expect(
      message.contains("Cache") && message.contains("Invoice"),
      """
      The error for a missing Cache<Billing.Invoice> reads "\(message)"; it should name \
      the type, generic argument included.
      """
    )
  }

  @Test("A failed request leaves the locator serving what is registered")
  func failureIsNotFatal() {
    let locator = ServiceLocator()
    locator.register(Billing.Settings.self) { Billing.Settings(currency: "EUR") }

    #expect(throws: (any Error).self) { try locator.resolve(Shipping.Settings.self) }
    #expect(
      (try? locator.resolve(Billing.Settings.self)) == Billing.Settings(currency: "EUR"),
      "After one failed request the locator should still resolve registered types."
    )
  }
}
