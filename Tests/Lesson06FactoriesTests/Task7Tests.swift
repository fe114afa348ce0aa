import Lesson06Factories
import Testing

@Suite("Task 7 — No global container")
@MainActor
struct Task7Tests {
  @Test("Two apps with different configurations run side by side")
  func twoAppsSideBySide() async throws {
    let usBackend = FakeBackend(products: [Sample.lamp])
    let euBackend = FakeBackend(products: [Sample.mug])
    let usNavigator = RecordingNavigator()
    let euNavigator = RecordingNavigator()
    let usApp = makeShopApp(
      configuration: configuration(market: .us, account: Sample.alice, backend: usBackend),
      navigator: usNavigator)
    let euApp = makeShopApp(
      configuration: configuration(market: .eu, account: Sample.bob, backend: euBackend),
      navigator: euNavigator)
    defer { withExtendedLifetime((usApp, euApp)) {} }

    let (usList, usPicked) = try await pickProduct(Sample.lamp, in: usApp, on: usNavigator)
    let (euList, euPicked) = try await pickProduct(Sample.mug, in: euApp, on: euNavigator)
    let usOrders = try await openOrders(usApp, on: usNavigator)
    let euOrders = try await openOrders(euApp, on: euNavigator)

    #expect(
      usList.products == [Sample.lamp] && euList.products == [Sample.mug],
      """
      Each app should load from its own backend; the US list shows \(usList.state), the EU list \
      \(euList.state). \(keptInAGlobal)
      """
    )
    #expect(
      usPicked is ProductPageScreen && euPicked is ProductDetailScreen,
      """
      Each app should follow its own market: the US app should push a ProductPageScreen, the \
      EU app a ProductDetailScreen; they pushed \(type(of: usPicked)) and \(type(of: euPicked)). \
      \(keptInAGlobal)
      """
    )
    #expect(
      usOrders.orders == Sample.aliceOrders && euOrders.orders == Sample.bobOrders,
      """
      Each app should show its own account's orders: Alice in the US app, built first, and \
      Bob in the EU app; they show \(usOrders.state) and \(euOrders.state). \(keptInAGlobal)
      """
    )
    #expect(
      usBackend.count(of: "/accounts/alice/orders") == 1
        && euBackend.count(of: "/accounts/bob/orders") == 1
        && usBackend.requests.allSatisfy { !$0.contains("bob") }
        && euBackend.requests.allSatisfy { !$0.contains("alice") },
      """
      Each app should load its account's orders from its own backend; the US backend was \
      asked for \(usBackend.requests), the EU one for \(euBackend.requests). \(keptInAGlobal)
      """
    )
  }

  @Test("Building a second app leaves the first one's services alone")
  func secondAppLeavesTheFirstAlone() async throws {
    let firstBackend = FakeBackend()
    let secondBackend = FakeBackend()
    let firstNavigator = RecordingNavigator()
    let first = makeShopApp(
      configuration: configuration(account: Sample.alice, backend: firstBackend),
      navigator: firstNavigator)
    first.start()
    let second = makeShopApp(
      configuration: configuration(account: Sample.bob, backend: secondBackend),
      navigator: RecordingNavigator())
    defer { withExtendedLifetime((first, second)) {} }

    let orders = try await openOrders(first, on: firstNavigator)

    #expect(
      orders.orders == Sample.aliceOrders,
      """
      The first app, signed in as Alice, should still show her orders after a second app was \
      built for Bob; it shows \(orders.state). \(keptInAGlobal)
      """
    )
    #expect(
      firstBackend.count(of: "/accounts/alice/orders") == 1 && secondBackend.requests.isEmpty,
      """
      The first app should still use its own backend; the second app's backend was asked for \
      \(secondBackend.requests). \(keptInAGlobal)
      """
    )
  }

  @Test("An app that switches accounts after a second app was built stays on its own backend")
  func switchingAfterASecondAppStaysOnItsBackend() async throws {
    let firstBackend = FakeBackend()
    let secondBackend = FakeBackend()
    let firstNavigator = RecordingNavigator()
    let first = makeShopApp(
      configuration: configuration(account: Sample.alice, backend: firstBackend),
      navigator: firstNavigator)
    let second = makeShopApp(
      configuration: configuration(account: Sample.alice, backend: secondBackend),
      navigator: RecordingNavigator())
    defer { withExtendedLifetime((first, second)) {} }

    first.switchAccount(to: Sample.bob)
    let orders = try await openOrders(first, on: firstNavigator)

    #expect(
      firstBackend.count(of: "/accounts/bob/orders") == 1 && secondBackend.requests.isEmpty,
      """
      The first app switched to Bob after a second app was built, so Bob's orders should come \
      from the first app's backend; it was asked for \(firstBackend.requests), the second \
      app's backend for \(secondBackend.requests). \(keptInAGlobal) Look at what \
      switchAccount(to:), and the coordinator it builds, read.
      """
    )
    #expect(
      orders.orders == Sample.bobOrders,
      "After the switch, the first app should show Bob's orders; it shows \(orders.state)."
    )
  }
}

/// What a failure in this suite most often means.
private let keptInAGlobal = """
  Is a container or a service kept in a global (a `static var`, a `shared`)? Whichever app \
  was built last then replaces it for every app.
  """
