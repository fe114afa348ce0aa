import Lesson06Factories
import Testing

@Suite("Task 6 — Compose the app at the root")
@MainActor
struct Task6Tests {
  @Test(
    "Guard: the app shows the list and the picked product, from its backend and analytics",
    arguments: Sample.markets
  )
  func startShowsTheWiredCatalog(market: Market) async throws {
    let backend = FakeBackend(stock: 2)
    let analytics = SpyAnalytics()
    let navigator = RecordingNavigator()
    let app = makeShopApp(
      configuration: configuration(market: market, backend: backend, analytics: analytics),
      navigator: navigator)
    defer { withExtendedLifetime(app) {} }

    let (list, picked) = try await pickProduct(Sample.keyboard, in: app, on: navigator)
    list.select(Sample.keyboard)
    let again = try #require(navigator.pushed.last, "Picking again should push a screen.")

    #expect(
      list.products == [Sample.keyboard, Sample.mug],
      "The list should show the configured backend's products; its state is \(list.state)."
    )
    switch market {
    case .us:
      let page = try #require(
        picked as? ProductPageScreen,
        "In the US app, a pick should push a ProductPageScreen, not \(type(of: picked)).")
      await page.viewModel.load()
      #expect(
        page.viewModel.badge == "Only 2 left",
        """
        The page should load the keyboard's stock from the configured backend; it was asked \
        for \(backend.requests), and the page says: \
        \(page.viewModel.errorMessage ?? page.viewModel.badge ?? "nothing")
        """
      )
    case .eu:
      let detail = try #require(
        picked as? ProductDetailScreen,
        "In the EU app, a pick should push a ProductDetailScreen, not \(type(of: picked)).")
      await detail.viewModel.load()
      #expect(
        detail.viewModel.stock == 2,
        """
        The detail should load the keyboard's stock from the configured backend; it was asked \
        for \(backend.requests), and the screen says: \
        \(detail.viewModel.errorMessage ?? detail.viewModel.availability)
        """
      )
    }
    #expect(
      backend.count(of: "/products/kbd/stock") == 1,
      "The keyboard's stock should come from the configured backend, once: \(backend.requests)."
    )
    #expect(
      again !== picked && productViewModel(of: again) !== productViewModel(of: picked),
      """
      Picking the keyboard a second time pushed the same \(type(of: picked)) again. Screens \
      are transient in the running app too: every pick builds a new one.
      """
    )
    #expect(
      analytics.events == [
        .productSelected(Sample.keyboard.id), .productSelected(Sample.keyboard.id),
        .productViewed(Sample.keyboard.id),
      ],
      """
      Both picks and the view should be counted by the configuration's analytics; it recorded \
      \(analytics.events). The configuration says where analytics go; the root passes that \
      tracker on and makes no other.
      """
    )
  }

  @Test(
    "The coordinators the app runs keep no service and no market",
    arguments: Sample.markets
  )
  func appRunsCoordinatorsWithoutServices(market: Market) {
    let navigator = RecordingNavigator()
    let app = makeShopApp(
      configuration: configuration(market: market, backend: FakeBackend()), navigator: navigator)
    app.start()
    app.showOrders()
    app.switchAccount(to: Sample.bob)
    app.showOrders()

    let kept = coordinatorsKept(by: app)
    let problems = kept.flatMap { kept in
      (storedServices(in: kept.coordinator, heldBy: kept.holders)
        + storedMarketSettings(in: kept.coordinator, heldBy: kept.holders)).map {
          "\(kept.path).\($0)"
        }
    }
    let hidden = kept.flatMap { kept in
      customMirrors(in: kept.coordinator, named: kept.path, heldBy: kept.holders)
    }

    #expect(
      problems.isEmpty,
      """
      The app built by makeShopApp(configuration:navigator:) runs coordinators that store \
      services, a container or a market, at \(problems). The make… helpers are not what the \
      app runs: the coordinators the root itself keeps should hold no service, container or \
      market either, so that no flow is a dependency pipeline and no market reaches \
      navigation. (What a coordinator points back at, the root or a parent that starts \
      other flows, is not counted as its own.)
      """
    )
    #expect(
      hidden.isEmpty,
      """
      The app runs coordinators that give reflection a mirror of their own \
      (CustomReflectable) instead of what they store, at \(hidden), so no one can see \
      whether they keep services: a coordinator that holds a factory and a navigator has \
      nothing to hide. Let the coordinators, and what they keep, show what they store.
      """
    )
    let showsTheList = kept.contains { kept in
      let before = navigator.pushed.count
      kept.coordinator.start()
      return navigator.pushed.count == before + 1 && navigator.pushed.last is ProductListScreen
    }
    #expect(
      showsTheList,
      """
      Among the objects the app stores, no coordinator shows the product list when started \
      (the app keeps \(kept.map(\.path))), so this test cannot check what the catalog flow \
      holds. The root builds the catalog's coordinator from its factory and the navigator \
      and keeps it, as a stored property, for the picks to reach it; a coordinator hidden in \
      a closure hides whatever services it still holds.
      """
    )
  }

  @Test(
    "The factories the app runs are not its container",
    arguments: Sample.markets
  )
  func appFactoriesAreNotTheContainer(market: Market) {
    let app = appAfterEveryFlow(market: market)

    let clients = factoriesHoldingAClient(keptBy: app)
    #expect(
      clients.isEmpty,
      """
      A factory the app's coordinators keep stores the HTTP client itself, at \(clients): it \
      is the container under another role. The container holds the long-lived services; a \
      module factory is given them (the container, or a feature-shaped view of it) through \
      init and only puts screens together, so a coordinator that keeps it keeps no container.
      """
    )
  }

  @Test(
    "makeShopApp shows nothing until start(), which pushes one product list",
    arguments: Sample.markets
  )
  func startShowsTheFirstScreenOnce(market: Market) {
    let navigator = RecordingNavigator()
    let app = makeShopApp(
      configuration: configuration(market: market, backend: FakeBackend()), navigator: navigator)
    defer { withExtendedLifetime(app) {} }
    let shownBeforeStart = navigator.steps.count

    app.start()

    #expect(
      shownBeforeStart == 0,
      """
      makeShopApp(configuration:navigator:) already showed \(shownBeforeStart) screen(s) before \
      anyone called start(). It builds the graph and returns the app not yet started; the \
      scene (a SceneDelegate, launchDemo) calls start() itself, so an app that starts itself \
      shows its first screen twice.
      """
    )
    #expect(
      navigator.steps.count == shownBeforeStart + 1 && navigator.pushed.last is ProductListScreen,
      """
      start() should push exactly one screen, the product list; it showed \
      \(navigator.steps.count - shownBeforeStart), and the navigator holds \
      \(navigator.pushed.map(\.title)).
      """
    )
  }

  @Test("The HTTP client is made once and shared by every feature and every account")
  func oneSharedClient() async throws {
    let counter = CreationCounter()
    let backend = FakeBackend()
    let navigator = RecordingNavigator()
    let app = makeShopApp(
      configuration: configuration(backend: backend, counter: counter), navigator: navigator)
    defer { withExtendedLifetime(app) {} }

    _ = try await pickProduct(Sample.mug, in: app, on: navigator)
    _ = try await openOrders(app, on: navigator)
    app.switchAccount(to: Sample.bob)
    _ = try await openOrders(app, on: navigator)

    #expect(
      counter.count == 1,
      """
      The HTTP client is stateless, so the app needs exactly one; it made \(counter.count). \
      One client shared by every service is a singleton lifetime, and the composition root is \
      where lifetimes are decided.
      """
    )
  }

  @Test("After switching accounts, the order history shows the new account's orders")
  func switchingRenewsTheRepository() async throws {
    let backend = FakeBackend()
    let analytics = SpyAnalytics()
    let navigator = RecordingNavigator()
    let app = makeShopApp(
      configuration: configuration(account: Sample.alice, backend: backend, analytics: analytics),
      navigator: navigator)
    defer { withExtendedLifetime(app) {} }

    let before = try await openOrders(app, on: navigator)
    app.switchAccount(to: Sample.bob)
    let after = try await openOrders(app, on: navigator)

    #expect(
      before.orders == Sample.aliceOrders,
      """
      Before the switch, the history should show Alice's orders from the configured backend; \
      it shows \(before.state), and the backend was asked for \(backend.requests).
      """
    )
    #expect(
      after.orders == Sample.bobOrders && backend.count(of: "/accounts/bob/orders") == 1,
      """
      After switching to Bob, the history should load Bob's orders; it shows \(after.state) \
      and the backend was asked for \(backend.requests). Is Alice's repository still in use? \
      A per-account repository must be built anew when the account changes.
      """
    )
    #expect(
      analytics.events == [.ordersViewed, .ordersViewed],
      """
      Both histories, before and after the switch, should be counted by the configuration's \
      analytics; it recorded \(analytics.events). A new account session brings new orders, \
      on top of the same shared services.
      """
    )
  }

  @Test("Guard: within one account, order histories share its repository")
  func oneRepositoryPerAccount() async throws {
    let backend = FakeBackend()
    let navigator = RecordingNavigator()
    let app = makeShopApp(configuration: configuration(backend: backend), navigator: navigator)
    defer { withExtendedLifetime(app) {} }

    let first = try await openOrders(app, on: navigator)
    let second = try await openOrders(app, on: navigator)
    let third = try await openOrders(app, on: navigator)

    #expect(
      first.orders == Sample.aliceOrders && second.orders == Sample.aliceOrders,
      """
      Both histories should show Alice's orders from the configured backend; they show \
      \(first.state) and \(second.state), and the backend was asked for \(backend.requests).
      """
    )
    #expect(
      backend.count(of: "/accounts/alice/orders") == 1,
      """
      The orders repository lives as long as the account and keeps what it loaded, so the \
      second history should not hit the backend; Alice's orders were fetched \
      \(backend.count(of: "/accounts/alice/orders")) time(s). Is a new repository built per screen?
      """
    )
    #expect(
      first !== second && second !== third && first !== third,
      """
      Showing the orders three times presented the same history (the same view model) more \
      than once. The repository is shared by the account's screens; each screen is \
      transient, built anew every time, in the running app as in the factory's tests. Is \
      something between the root and the factory keeping the built screen?
      """
    )
  }

  @Test("Switching back to an account starts it afresh")
  func switchingBackStartsAfresh() async throws {
    let backend = FakeBackend()
    let navigator = RecordingNavigator()
    let app = makeShopApp(
      configuration: configuration(account: Sample.alice, backend: backend), navigator: navigator)
    defer { withExtendedLifetime(app) {} }

    _ = try await openOrders(app, on: navigator)
    app.switchAccount(to: Sample.bob)
    _ = try await openOrders(app, on: navigator)
    app.switchAccount(to: Sample.alice)
    let again = try await openOrders(app, on: navigator)
    app.switchAccount(to: Sample.bob)
    let bobAgain = try await openOrders(app, on: navigator)

    #expect(
      again.orders == Sample.aliceOrders,
      """
      Back on Alice, the history should show her orders again; it shows \(again.state), and \
      the backend was asked for \(backend.requests).
      """
    )
    #expect(
      backend.count(of: "/accounts/alice/orders") == 2,
      """
      Signing in again should build a new repository, so Alice's orders are fetched again; \
      they were fetched \(backend.count(of: "/accounts/alice/orders")) time(s). Are repositories \
      kept per account id?
      """
    )
    #expect(
      bobAgain.orders == Sample.bobOrders && backend.count(of: "/accounts/bob/orders") == 2,
      """
      Back on Bob a second time, the history should fetch his orders again; it shows \
      \(bobAgain.state), and Bob's orders were fetched \
      \(backend.count(of: "/accounts/bob/orders")) time(s). Every switch starts a new session, \
      for the account signed in at launch and for every later one alike: are the sessions \
      built on a switch kept per account id and reused?
      """
    )
  }

  @Test(
    "A failed orders load is not kept: the next history loads, on the same one client",
    arguments: [Sample.alice, Sample.bob]
  )
  func failedLoadIsNotKept(account: Account) async throws {
    let counter = CreationCounter()
    let backend = FakeBackend()
    let navigator = RecordingNavigator()
    let app = makeShopApp(
      configuration: configuration(account: account, backend: backend, counter: counter),
      navigator: navigator)
    defer { withExtendedLifetime(app) {} }
    let expected = account == Sample.alice ? Sample.aliceOrders : Sample.bobOrders

    backend.setOrdersFailing(true)
    let failed = try await openOrders(app, on: navigator)
    let failedAgain = try await openOrders(app, on: navigator)
    backend.setOrdersFailing(false)
    let recovered = try await openOrders(app, on: navigator)

    #expect(
      failed.state == .failed("The backend is down.")
        && failedAgain.state == .failed("The backend is down."),
      """
      While the backend is down, each history should show the failure; they show \
      \(failed.state) and \(failedAgain.state).
      """
    )
    #expect(
      recovered.orders == expected,
      """
      The backend is up again, so a new history should show \(account.name)'s orders; it \
      shows \(recovered.state), and the backend was asked for \(backend.requests). The \
      account's repository keeps what it loaded, not a failure: is a failed load (or the \
      task that ran it) kept and handed to every later history of the account?
      """
    )
    #expect(
      counter.count == 1,
      """
      The app should make its HTTP client exactly once, failures or not; it made \
      \(counter.count). The client is a singleton the root decided on; a service that makes \
      a new one after a failure decides a lifetime behind the root's back.
      """
    )
  }

  @Test(
    "A history opened before switching accounts still shows the first account's orders",
    arguments: [(Sample.alice, Sample.bob), (Sample.bob, Sample.alice)]
  )
  func historyKeepsItsAccount(first: Account, second: Account) async throws {
    let backend = FakeBackend()
    let navigator = RecordingNavigator()
    let app = makeShopApp(
      configuration: configuration(account: first, backend: backend), navigator: navigator)
    defer { withExtendedLifetime(app) {} }

    app.showOrders()
    let earlier = try #require(
      navigator.presented.last as? OrderHistoryScreen,
      "showOrders() should present an OrderHistoryScreen.")
    app.switchAccount(to: second)
    await earlier.viewModel.load()
    let later = try await openOrders(app, on: navigator)

    #expect(
      earlier.viewModel.orders == orders(of: first),
      """
      A history shown for \(first.name), loaded after the switch to \(second.name), should \
      still show \(first.name)'s orders; it shows \(earlier.viewModel.state). A screen keeps \
      the repository it was built with: does the switch rewire one repository to another \
      account instead of building a new one for the new account session?
      """
    )
    #expect(
      later.orders == orders(of: second),
      """
      A history opened after the switch should show \(second.name)'s orders; it shows \
      \(later.state), and the backend was asked for \(backend.requests).
      """
    )
  }

  @Test(
    "A load still running when the account changes never shows as the new account's orders",
    arguments: [(Sample.alice, Sample.bob), (Sample.bob, Sample.alice)]
  )
  func loadInFlightStaysWithItsAccount(first: Account, second: Account) async throws {
    let backend = FakeBackend()
    let navigator = RecordingNavigator()
    let app = makeShopApp(
      configuration: configuration(account: first, backend: backend), navigator: navigator)
    defer { withExtendedLifetime(app) {} }
    defer { backend.releaseOrders() }

    app.showOrders()
    let earlier = try #require(
      navigator.presented.last as? OrderHistoryScreen,
      "showOrders() should present an OrderHistoryScreen.")
    backend.holdOrders()
    let loading = Task { await earlier.viewModel.load() }
    let reached = await backend.orderRequestHeld()
    try #require(
      reached,
      """
      Loading \(first.name)'s first history should ask the backend for the orders; it was \
      asked for \(backend.requests).
      """
    )
    app.switchAccount(to: second)
    backend.releaseOrders()
    await loading.value
    let later = try await openOrders(app, on: navigator)

    #expect(
      later.orders == orders(of: second),
      """
      \(first.name)'s orders were still loading when the app switched to \(second.name); a \
      history opened after the switch should show \(second.name)'s orders, but it shows \
      \(later.state). The load that ended late was kept as the new account's: one \
      repository rewired on a switch mixes accounts. Each account session needs its own.
      """
    )
    #expect(
      earlier.viewModel.orders == orders(of: first),
      """
      The history opened for \(first.name) should show \(first.name)'s orders even though \
      they arrived after the switch; it shows \(earlier.viewModel.state).
      """
    )
  }

  @Test(
    "After a switch, the running app lets go of the old account's orders",
    arguments: [Sample.alice, Sample.bob]
  )
  func switchReleasesTheOldSession(first: Account) async throws {
    let navigator = ClosingNavigator()
    let app = makeShopApp(
      configuration: configuration(account: first, backend: FakeBackend()), navigator: navigator)
    defer { withExtendedLifetime(app) {} }
    var oldRepositories: [WeakObject] = []

    do {
      app.showOrders()
      let screen = try #require(
        navigator.takeShown().last as? OrderHistoryScreen,
        "showOrders() should present an OrderHistoryScreen.")
      await screen.viewModel.load()
      oldRepositories = ordersRepositoryObjects(in: screen.viewModel).map(WeakObject.init)
      try #require(
        !oldRepositories.isEmpty,
        """
        The history's view model holds no OrdersRepository object (a class or an actor): \
        the repository an account's histories share keeps its cache in one.
        """)
    }
    app.switchAccount(to: first == Sample.alice ? Sample.bob : Sample.alice)

    let keptAtTheSwitch = oldRepositories.filter { $0.object != nil }
    #expect(
      keptAtTheSwitch.isEmpty,
      """
      The app has just switched away from \(first.name), and the history that showed \
      \(first.name)'s orders is closed, yet the running app still holds \
      \(keptAtTheSwitch.count) of the repositories behind it, with \(first.name)'s cached \
      orders. The switch itself ends the old account's session: the root drops it there, \
      not later when the next history is shown, and nothing the app keeps for the whole run \
      (a coordinator, a factory) holds on to a screen or a session of the old account.
      """
    )
    app.showOrders()
    _ = navigator.takeShown()

    let kept = oldRepositories.filter { $0.object != nil }
    #expect(
      kept.isEmpty,
      """
      The app switched away from \(first.name), and the history that showed \(first.name)'s \
      orders is closed, yet the running app still holds \(kept.count) of the repositories \
      behind it, with \(first.name)'s cached orders. An account session lives as long as \
      its account: on a switch the root drops the old one (the next sign-in starts afresh \
      anyway), rather than keeping every session it ever built.
      """
    )
  }

  @Test(
    "Switching accounts shows nothing until the scene asks",
    arguments: [(Sample.alice, Sample.bob), (Sample.bob, Sample.alice)]
  )
  func switchShowsNothing(first: Account, second: Account) async throws {
    let backend = FakeBackend()
    let navigator = RecordingNavigator()
    let app = makeShopApp(
      configuration: configuration(account: first, backend: backend), navigator: navigator)
    defer { withExtendedLifetime(app) {} }

    app.switchAccount(to: second)
    let shownAfterTheFirstSwitch = navigator.steps.map(title(of:))
    app.start()
    _ = try await openOrders(app, on: navigator)
    let shownBefore = navigator.steps.map(title(of:))
    let requestsBefore = backend.requests
    app.switchAccount(to: first)
    let shownAfter = navigator.steps.map(title(of:))

    #expect(
      shownAfterTheFirstSwitch.isEmpty,
      """
      switchAccount(to:) on an app not yet started showed \(shownAfterTheFirstSwitch). A \
      switch changes whose data the next screens show; which screen appears, and when, is \
      decided by the coordinators, when the scene asks (start(), showOrders()).
      """
    )
    #expect(
      shownAfter == shownBefore && backend.requests == requestsBefore,
      """
      The app showed the product list and \(second.name)'s orders, then switched to \
      \(first.name): the switch should show nothing and load nothing, but the navigator \
      went from \(shownBefore) to \(shownAfter), and the backend was asked for \
      \(backend.requests.dropFirst(requestsBefore.count)). A switch renews the account's \
      session; it does not restart a flow or present the new orders: the customer asks for \
      them (showOrders()), and the coordinators decide what appears.
      """
    )
  }

  @Test(
    "Switching to the account already signed in starts it afresh",
    arguments: [Sample.alice, Sample.bob]
  )
  func switchingToTheSameAccountStartsAfresh(account: Account) async throws {
    let backend = FakeBackend()
    let navigator = RecordingNavigator()
    let app = makeShopApp(
      configuration: configuration(account: account, backend: backend), navigator: navigator)
    defer { withExtendedLifetime(app) {} }
    let path = "/accounts/\(account.id)/orders"

    _ = try await openOrders(app, on: navigator)
    app.switchAccount(to: account)
    let again = try await openOrders(app, on: navigator)
    app.switchAccount(to: account)
    let third = try await openOrders(app, on: navigator)

    #expect(
      again.orders == orders(of: account) && third.orders == orders(of: account)
        && backend.count(of: path) == 3,
      """
      \(account.name) signed in again twice, with a history shown each time: each sign-in \
      should start a new session that fetches \(account.name)'s orders anew, so the backend \
      should have been asked 3 times; it was asked \(backend.count(of: path)) time(s), and \
      the histories show \(again.state) and \(third.state). A switch is a new sign-in, to \
      the same account too (a re-login after a password change, orders placed on another \
      device): keeping the old session because the id is the same keeps its stale orders.
      """
    )
  }

  @Test(
    "In the running app, a product opened again shows its stock as it is now",
    arguments: Sample.markets
  )
  func reopenedProductShowsCurrentStockInTheApp(market: Market) async throws {
    let backend = FakeBackend(stock: 2)
    let navigator = RecordingNavigator()
    let app = makeShopApp(
      configuration: configuration(market: market, backend: backend), navigator: navigator)
    defer { withExtendedLifetime(app) {} }

    let (list, first) = try await pickProduct(Sample.keyboard, in: app, on: navigator)
    try await loadProductScreen(first)
    backend.setStock(9)
    list.select(Sample.keyboard)
    let again = try #require(navigator.pushed.last, "Picking again should push a screen.")
    try await loadProductScreen(again)

    let shown = stockShown(on: again)
    let expected = market == .us ? "Ships today" : "In stock: 9"
    #expect(
      backend.count(of: "/products/kbd/stock") == 2 && shown == expected,
      """
      The keyboard's stock went from 2 to 9 between two openings in the \(market) app, so the \
      screen opened again should ask the backend and say "\(expected)"; the backend was asked \
      for \(backend.requests), and the screen says "\(shown)". The catalog service lives as \
      long as the app because it is stateless: one that keeps what it loaded keeps it for \
      the app's whole life, and every screen after the first shows stale data.
      """
    )
  }

  @Test(
    "In the running app, every product list shows the products as they are now",
    arguments: [
      (Market.eu, [Sample.keyboard, Sample.mug], [Sample.lamp]),
      (Market.us, [Sample.lamp], [Sample.mug, Sample.keyboard]),
    ]
  )
  func everyListShowsTheCurrentProductsInTheApp(
    market: Market, before: [Product], after: [Product]
  ) async throws {
    let backend = FakeBackend(products: before)
    let navigator = RecordingNavigator()
    let app = makeShopApp(
      configuration: configuration(market: market, backend: backend), navigator: navigator)
    defer { withExtendedLifetime(app) {} }

    app.start()
    let first = try #require(
      navigator.pushed.last as? ProductListScreen, "start() should push a ProductListScreen.")
    await first.viewModel.load()
    backend.setProducts(after)
    app.start()
    let second = try #require(
      navigator.pushed.last as? ProductListScreen,
      "start() should push a ProductListScreen every time.")
    await second.viewModel.load()

    #expect(
      first.viewModel.products == before,
      """
      The first list should show the configured backend's products, \(before.map(\.name)); \
      its state is \(first.viewModel.state).
      """
    )
    #expect(
      backend.count(of: "/products") == 2 && second.viewModel.products == after,
      """
      The products on sale changed from \(before.map(\.name)) to \(after.map(\.name)) \
      between two lists in the \(market) app, so the second list should ask the backend \
      again and show \(after.map(\.name)); the backend was asked for the products \
      \(backend.count(of: "/products")) time(s), and the list's state is \
      \(second.viewModel.state). The catalog service lives as long as the app because it is \
      stateless: one that keeps the products it loaded keeps them for the app's whole life.
      """
    )
  }

  @Test(
    "Two apps signed in to the same account show each their own backend's orders",
    arguments: [
      Account(id: "carol", name: "Carol"), Account(id: "dave", name: "Dave"),
    ]
  )
  func sameAccountInTwoApps(account: Account) async throws {
    let firstOrders = [Order(id: "\(account.id)-first", totalInCents: 5_00)]
    let secondOrders = [Order(id: "\(account.id)-second", totalInCents: 8_00)]
    let firstBackend = FakeBackend(orders: [account.id: firstOrders])
    let secondBackend = FakeBackend(orders: [account.id: secondOrders])
    let firstNavigator = RecordingNavigator()
    let secondNavigator = RecordingNavigator()
    let first = makeShopApp(
      configuration: configuration(account: account, backend: firstBackend),
      navigator: firstNavigator)
    let second = makeShopApp(
      configuration: configuration(account: account, backend: secondBackend),
      navigator: secondNavigator)
    defer { withExtendedLifetime((first, second)) {} }

    let firstHistory = try await openOrders(first, on: firstNavigator)
    let secondHistory = try await openOrders(second, on: secondNavigator)
    let firstAgain = try await openOrders(first, on: firstNavigator)

    #expect(
      firstHistory.orders == firstOrders && firstAgain.orders == firstOrders
        && secondHistory.orders == secondOrders,
      """
      Two apps are signed in to \(account.name) (the same account id), each with its own \
      backend; each should show its own backend's orders. The first app shows \
      \(firstHistory.state) and then \(firstAgain.state), the second \(secondHistory.state), \
      and the backends were asked for \(firstBackend.requests) and \(secondBackend.requests). \
      An account's orders are kept by its session, which belongs to one app: a store of \
      orders by account id that the whole process shares (a `static let` cache) hands one \
      app's data to another.
      """
    )
  }

  @Test(
    "A product list shown before a switch still opens what the customer picks",
    arguments: Sample.markets
  )
  func listShownBeforeASwitchStillOpensPicks(market: Market) async throws {
    let backend = FakeBackend()
    let navigator = RecordingNavigator()
    let app = makeShopApp(
      configuration: configuration(market: market, account: Sample.alice, backend: backend),
      navigator: navigator)
    defer { withExtendedLifetime(app) {} }

    let (list, _) = try await pickProduct(Sample.keyboard, in: app, on: navigator)
    app.switchAccount(to: Sample.bob)
    _ = try await openOrders(app, on: navigator)
    let before = navigator.pushed.count
    list.select(Sample.mug)
    let picked = navigator.pushed.count == before + 1 ? navigator.pushed.last : nil

    #expect(
      picked.flatMap(productShown(on:)) == Sample.mug,
      """
      The product list shown before the switch to Bob is still on screen; picking the mug on \
      it should push the mug's product screen, but it pushed \
      \(navigator.pushed.dropFirst(before).map(\.title)). The catalog flow lives as long as \
      the app: a switch renews only the account's session and flow. A catalog coordinator \
      rebuilt on the switch leaves the list calling back into the old one, which is gone.
      """
    )
  }

  @Test(
    "A product list from an earlier start() still opens what the customer picks",
    arguments: Sample.markets
  )
  func listFromAnEarlierStartStillOpensPicks(market: Market) async throws {
    let navigator = RecordingNavigator()
    let app = makeShopApp(
      configuration: configuration(market: market, backend: FakeBackend()), navigator: navigator)
    defer { withExtendedLifetime(app) {} }

    app.start()
    app.start()
    let lists = navigator.pushed.compactMap { $0 as? ProductListScreen }
    try #require(
      lists.count == 2,
      """
      start() called twice should push two product lists; the app pushed       \(navigator.pushed.map(\.title)).
      """
    )
    await lists[0].viewModel.load()
    let before = navigator.pushed.count
    lists[0].viewModel.select(Sample.mug)
    let picked = navigator.pushed.count == before + 1 ? navigator.pushed.last : nil

    #expect(
      picked.flatMap(productShown(on:)) == Sample.mug,
      """
      The product list of the first start() is still on screen under the second one; \
      picking the mug on it should push the mug's product screen, but it pushed \
      \(navigator.pushed.dropFirst(before).map(\.title)). makeShopApp(configuration:navigator:) \
      builds the catalog coordinator once, and the app keeps it for the whole run: one made \
      anew in every start() replaces the one the earlier list calls back into, which is gone.
      """
    )
  }

  @Test(
    "A switch keeps the app-wide services: only the account's session is new",
    arguments: [Sample.alice, Sample.bob]
  )
  func switchKeepsTheAppWideServices(first: Account) {
    let navigator = RecordingNavigator()
    let app = makeShopApp(
      configuration: configuration(account: first, backend: FakeBackend()), navigator: navigator)
    app.start()
    app.showOrders()
    let before = appWideObjects(keptBy: app)

    app.switchAccount(to: first == Sample.alice ? Sample.bob : Sample.alice)
    app.showOrders()
    app.start()
    let new = appWideObjects(keptBy: app).filter { before[$0.key] == nil }.map(\.value)

    #expect(
      new.isEmpty,
      """
      After switching away from \(first.name), the app holds app-wide objects it did not \
      hold before: \(new.sorted()). The HTTP client, the catalog service, the analytics and \
      the container that holds them live as long as the app; a switch drops the old \
      account's session and builds a new one on top of the same shared services. A \
      container rebuilt per account makes a second set of them, and the features no longer \
      share one.
      """
    )
  }
}

/// The orders the fake backend holds for `account`.
private func orders(of account: Account) -> [Order] {
  account == Sample.alice ? Sample.aliceOrders : Sample.bobOrders
}

/// What a navigator step showed, for a message: how and which screen.
@MainActor
private func title(of step: RecordingNavigator.Step) -> String {
  switch step {
  case .push(let screen): "push \(screen.title)"
  case .present(let screen): "present \(screen.title)"
  }
}

/// The product a product screen of either market shows; `nil` for any other screen.
@MainActor
private func productShown(on screen: any Screen) -> Product? {
  if let detail = screen as? ProductDetailScreen { return detail.viewModel.product }
  if let page = screen as? ProductPageScreen { return page.viewModel.product }
  return nil
}

/// What a product screen of either market says about the stock: the detail's availability
/// or the page's badge, or why loading failed.
@MainActor
private func stockShown(on screen: any Screen) -> String {
  if let detail = screen as? ProductDetailScreen {
    return detail.viewModel.errorMessage ?? detail.viewModel.availability
  }
  if let page = screen as? ProductPageScreen {
    return page.viewModel.errorMessage ?? page.viewModel.badge ?? ""
  }
  return "nothing: it is a \(type(of: screen))"
}
