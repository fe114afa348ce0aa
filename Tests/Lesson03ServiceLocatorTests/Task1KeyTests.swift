import Lesson03ServiceLocator
import Testing

@Suite("Task 1 — Key services by type identity")
struct Task1Tests {
  @Test("Same-named types in different namespaces keep their own registrations")
  func nestedTypesWithTheSameName() throws {
    try #require(
      String(describing: Billing.Settings.self) == String(describing: Shipping.Settings.self),
      "This test needs two types that print alike; this toolchain prints them differently."
    )
    let locator = ServiceLocator()
    locator.register(Billing.Settings.self) { Billing.Settings(currency: "EUR") }
    locator.register(Shipping.Settings.self) { Shipping.Settings(carrier: "DHL") }

    let billing = try? locator.resolve(Billing.Settings.self)
    let shipping = try? locator.resolve(Shipping.Settings.self)

    #expect(
      billing == Billing.Settings(currency: "EUR"),
      """
      Billing.Settings resolved to \(String(describing: billing)). Registering \
      Shipping.Settings overwrote it: both are called "Settings", so a key built from the \
      type's name is shared. Key the registry by the type itself (ObjectIdentifier).
      """
    )
    #expect(
      shipping == Shipping.Settings(carrier: "DHL"),
      """
      Shipping.Settings resolved to \(String(describing: shipping)); it should get its own \
      registration, whatever other type is also called \"Settings\".
      """
    )
  }

  @Test("Generic arguments that print alike keep their own registrations")
  func genericArgumentsThatPrintAlike() throws {
    try #require(
      String(describing: Cache<Billing.Invoice>.self)
        == String(describing: Cache<Archive.Invoice>.self),
      "This test needs two generic types that print alike; this toolchain prints them differently."
    )
    let locator = ServiceLocator()
    locator.register(Cache<Billing.Invoice>.self) { Cache(label: "billing invoices") }
    locator.register(Cache<Archive.Invoice>.self) { Cache(label: "archived invoices") }

    let billing = try? locator.resolve(Cache<Billing.Invoice>.self)
    let archive = try? locator.resolve(Cache<Archive.Invoice>.self)

    #expect(
      billing?.label == "billing invoices",
      """
      Cache<Billing.Invoice> resolved to \(String(describing: billing)). Both caches print \
      as "Cache<Invoice>", so a key made from that text collides; a key made from the \
      type's identity does not.
      """
    )
    #expect(
      archive?.label == "archived invoices",
      """
      Cache<Archive.Invoice> resolved to \(String(describing: archive)); it was registered \
      on its own and should come back on its own.
      """
    )
  }

  @Test("Different generic arguments keep their own registrations")
  func differentGenericArguments() {
    let locator = ServiceLocator()
    locator.register(Cache<Int>.self) { Cache(label: "numbers") }
    locator.register(Cache<String>.self) { Cache(label: "words") }

    #expect(
      (try? locator.resolve(Cache<Int>.self))?.label == "numbers",
      """
      Cache<Int> should resolve to what was registered for Cache<Int>; does the key keep \
      the generic argument?
      """
    )
    #expect(
      (try? locator.resolve(Cache<String>.self))?.label == "words",
      "Cache<String> should resolve to what was registered for Cache<String>."
    )
  }

  @Test("A later registration for the same type replaces the earlier one")
  func laterRegistrationReplaces() {
    let locator = ServiceLocator()
    locator.register(Billing.Settings.self) { Billing.Settings(currency: "EUR") }
    locator.register(Billing.Settings.self) { Billing.Settings(currency: "USD") }

    #expect(
      (try? locator.resolve(Billing.Settings.self)) == Billing.Settings(currency: "USD"),
      "Registering a type again should replace its factory, as before your change."
    )
  }
}
