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
    let usAnalytics = SpyAnalytics()
    let euAnalytics = SpyAnalytics()
    let usApp = makeShopApp(
      configuration: configuration(
        market: .us, account: Sample.alice, backend: usBackend, analytics: usAnalytics),
      navigator: usNavigator)
    let euApp = makeShopApp(
      configuration: configuration(
        market: .eu, account: Sample.bob, backend: euBackend, analytics: euAnalytics),
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
    #expect(
      usAnalytics.events == [.productSelected(Sample.lamp.id), .ordersViewed]
        && euAnalytics.events == [.productSelected(Sample.mug.id), .ordersViewed],
      """
      Each app should count its own customers' actions in its own analytics; the US app's \
      tracker recorded \(usAnalytics.events), the EU app's \(euAnalytics.events). \
      \(keptInAGlobal)
      """
    )
  }

  @Test(
    "Two apps of one market with different configurations each use their own",
    arguments: Sample.markets
  )
  func twoAppsOfOneMarket(market: Market) async throws {
    let firstBackend = FakeBackend(products: [Sample.lamp])
    let secondBackend = FakeBackend(products: [Sample.mug])
    let firstNavigator = RecordingNavigator()
    let secondNavigator = RecordingNavigator()
    let firstAnalytics = SpyAnalytics()
    let secondAnalytics = SpyAnalytics()
    let first = makeShopApp(
      configuration: configuration(
        market: market, account: Sample.alice, backend: firstBackend, analytics: firstAnalytics),
      navigator: firstNavigator)
    let second = makeShopApp(
      configuration: configuration(
        market: market, account: Sample.bob, backend: secondBackend, analytics: secondAnalytics),
      navigator: secondNavigator)
    defer { withExtendedLifetime((first, second)) {} }

    let (firstList, _) = try await pickProduct(Sample.lamp, in: first, on: firstNavigator)
    let (secondList, _) = try await pickProduct(Sample.mug, in: second, on: secondNavigator)
    let firstOrders = try await openOrders(first, on: firstNavigator)
    let secondOrders = try await openOrders(second, on: secondNavigator)

    #expect(
      firstList.products == [Sample.lamp] && secondList.products == [Sample.mug],
      """
      Two \(market) apps with different backends should each load from their own; the first \
      list shows \(firstList.state), the second \(secondList.state). \(sharedByMarket)
      """
    )
    #expect(
      firstOrders.orders == Sample.aliceOrders && secondOrders.orders == Sample.bobOrders
        && firstBackend.requests.allSatisfy { !$0.contains("bob") }
        && secondBackend.requests.allSatisfy { !$0.contains("alice") },
      """
      Each \(market) app should show its own account's orders from its own backend: Alice in \
      the first, Bob in the second; they show \(firstOrders.state) and \
      \(secondOrders.state), and the backends were asked for \(firstBackend.requests) and \
      \(secondBackend.requests). \(sharedByMarket)
      """
    )
    #expect(
      firstAnalytics.events == [.productSelected(Sample.lamp.id), .ordersViewed]
        && secondAnalytics.events == [.productSelected(Sample.mug.id), .ordersViewed],
      """
      Each \(market) app should count in its own analytics; the first tracker recorded \
      \(firstAnalytics.events), the second \(secondAnalytics.events). \(sharedByMarket)
      """
    )
  }

  @Test("Building a second app leaves the first one's services alone")
  func secondAppLeavesTheFirstAlone() async throws {
    let firstBackend = FakeBackend()
    let secondBackend = FakeBackend()
    let firstNavigator = RecordingNavigator()
    let firstAnalytics = SpyAnalytics()
    let secondAnalytics = SpyAnalytics()
    let first = makeShopApp(
      configuration: configuration(
        account: Sample.alice, backend: firstBackend, analytics: firstAnalytics),
      navigator: firstNavigator)
    first.start()
    let second = makeShopApp(
      configuration: configuration(
        account: Sample.bob, backend: secondBackend, analytics: secondAnalytics),
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
    #expect(
      firstAnalytics.events == [.ordersViewed] && secondAnalytics.events.isEmpty,
      """
      The first app's history should be counted by the first app's analytics; the first \
      tracker recorded \(firstAnalytics.events), the second \(secondAnalytics.events). \
      \(keptInAGlobal)
      """
    )
  }

  @Test("An app that switches accounts after a second app was built stays on its own services")
  func switchingAfterASecondAppStaysOnItsBackend() async throws {
    let firstBackend = FakeBackend()
    let secondBackend = FakeBackend()
    let firstNavigator = RecordingNavigator()
    let firstAnalytics = SpyAnalytics()
    let secondAnalytics = SpyAnalytics()
    let first = makeShopApp(
      configuration: configuration(
        account: Sample.alice, backend: firstBackend, analytics: firstAnalytics),
      navigator: firstNavigator)
    let second = makeShopApp(
      configuration: configuration(
        account: Sample.alice, backend: secondBackend, analytics: secondAnalytics),
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
    #expect(
      firstAnalytics.events == [.ordersViewed] && secondAnalytics.events.isEmpty,
      """
      After the switch, the first app's history should be counted by the first app's \
      analytics; the first tracker recorded \(firstAnalytics.events), the second \
      \(secondAnalytics.events). Every service of the new account session comes from the \
      app's own container, analytics included. \(keptInAGlobal)
      """
    )
  }

  @Test(
    "Two apps showing their screens on one navigator keep their own services",
    arguments: [Sample.alice, Sample.bob]
  )
  func twoAppsOnOneNavigator(switchTo account: Account) async throws {
    let firstBackend = FakeBackend()
    let secondBackend = FakeBackend()
    let firstAnalytics = SpyAnalytics()
    let secondAnalytics = SpyAnalytics()
    let navigator = RecordingNavigator()
    let first = makeShopApp(
      configuration: configuration(
        account: Sample.bob, backend: firstBackend, analytics: firstAnalytics),
      navigator: navigator)
    let second = makeShopApp(
      configuration: configuration(
        account: Sample.bob, backend: secondBackend, analytics: secondAnalytics),
      navigator: navigator)
    defer { withExtendedLifetime((first, second)) {} }

    first.switchAccount(to: account)
    let orders = try await openOrders(first, on: navigator)

    #expect(
      orders.orders == (account == Sample.alice ? Sample.aliceOrders : Sample.bobOrders)
        && firstBackend.count(of: "/accounts/\(account.id)/orders") == 1
        && secondBackend.requests.isEmpty,
      """
      Two apps show their screens on the same navigator (a demo, a test, one window \
      shared). The first switched to \(account.name) after the second was built, so \
      \(account.name)'s orders should come from the first app's backend; it was asked for \
      \(firstBackend.requests), the second app's backend for \(secondBackend.requests). \
      \(keptInAGlobal) A global keyed by the navigator, the scene or the account is still \
      a global: the root passes its own container down, and nothing looks one up.
      """
    )
    #expect(
      firstAnalytics.events == [.ordersViewed] && secondAnalytics.events.isEmpty,
      """
      The first app's history should be counted by the first app's analytics; the first \
      tracker recorded \(firstAnalytics.events), the second \(secondAnalytics.events). \
      \(keptInAGlobal)
      """
    )
  }

  @Test(
    "Switching accounts in one app leaves the other app's account alone",
    arguments: [(Sample.alice, Sample.bob), (Sample.bob, Sample.alice)]
  )
  func switchStaysInItsApp(firstAccount: Account, secondAccount: Account) async throws {
    let firstBackend = FakeBackend()
    let secondBackend = FakeBackend()
    let firstNavigator = RecordingNavigator()
    let secondNavigator = RecordingNavigator()
    let first = makeShopApp(
      configuration: configuration(account: firstAccount, backend: firstBackend),
      navigator: firstNavigator)
    let second = makeShopApp(
      configuration: configuration(account: secondAccount, backend: secondBackend),
      navigator: secondNavigator)
    defer { withExtendedLifetime((first, second)) {} }

    first.switchAccount(to: secondAccount)
    second.switchAccount(to: firstAccount)
    let firstOrders = try await openOrders(first, on: firstNavigator)
    let secondOrders = try await openOrders(second, on: secondNavigator)

    #expect(
      firstOrders.orders == orders(of: secondAccount),
      """
      The first app switched from \(firstAccount.name) to \(secondAccount.name), then a second \
      app switched to \(firstAccount.name); the first app should still show \
      \(secondAccount.name)'s orders, yet it shows \(firstOrders.state), and its backend was \
      asked for \(firstBackend.requests). \(switchedThroughAGlobal)
      """
    )
    #expect(
      secondOrders.orders == orders(of: firstAccount),
      """
      The second app switched to \(firstAccount.name) and should show \(firstAccount.name)'s \
      orders; it shows \(secondOrders.state), and its backend was asked for \
      \(secondBackend.requests). \(switchedThroughAGlobal)
      """
    )
  }

  @Test("A dropped app leaves nothing behind", arguments: [Sample.alice, Sample.bob])
  func droppedAppLeavesNothingBehind(account: Account) {
    weak var backend: FakeBackend?
    weak var analytics: SpyAnalytics?
    do {
      let liveBackend = FakeBackend()
      let liveAnalytics = SpyAnalytics()
      backend = liveBackend
      analytics = liveAnalytics
      let app = makeShopApp(
        configuration: configuration(
          account: account, backend: liveBackend, analytics: liveAnalytics),
        navigator: RecordingNavigator())
      app.start()
      app.showOrders()
      app.switchAccount(to: Sample.bob)
      app.showOrders()
    }

    // NB: nothing here suspends, so no other test can build an app in between.
    #expect(
      backend == nil && analytics == nil,
      """
      The app, its navigator and every screen it showed are gone, yet something still holds \
      its backend or its analytics: a global (a `static var`, a `shared`) that the app wrote \
      to, or an object that keeps itself alive. A global that holds one app's services hands \
      them to whoever reads it next, whichever app that is.
      """
    )
  }
}

/// What a failure in this suite most often means.
private let keptInAGlobal = """
  Is a container or a service kept in a global (a `static var`, a `shared`)? Whichever app \
  was built last then replaces it for every app.
  """

/// What a failure of two apps of one market most often means.
private let sharedByMarket = """
  Is a running app's container found again by its market (or another setting two \
  configurations can share) and reused? A configuration is more than a market: every call \
  of makeShopApp(configuration:navigator:) builds its own graph from its own configuration.
  """

/// What a failure of an account switch that reaches another app most often means.
private let switchedThroughAGlobal = """
  Does the switch travel through something the whole process shares, a notification every \
  app observes or a signed-in account written to `UserDefaults` and read back later? Each \
  is a global: the signed-in account is the state of one app, kept by its root, and \
  `switchAccount(to:)` changes that app alone.
  """

/// The orders the fake backend holds for `account`.
private func orders(of account: Account) -> [Order] {
  account == Sample.alice ? Sample.aliceOrders : Sample.bobOrders
}
