import Lesson06Factories
import Testing

@Suite("Task 5 — One factory per feature")
@MainActor
struct Task5Tests {
  @Test(
    "The order history loads the orders from the account's repository",
    arguments: [Sample.aliceOrders, Sample.bobOrders]
  )
  func historyLoadsFromTheRepository(orders: [Order]) async throws {
    let repository = SpyOrdersRepository(orders: orders)
    let analytics = SpyAnalytics()
    let factory = makeAccountFactory(
      dependencies: StubAccountDependencies(orders: repository, analytics: analytics))

    let screen = try #require(
      factory.makeOrderHistory() as? OrderHistoryScreen,
      "makeOrderHistory() should return an OrderHistoryScreen."
    )
    await screen.viewModel.load()

    #expect(
      repository.loadCount == 1 && screen.viewModel.orders == orders,
      """
      The history should show the orders of the repository the factory was given, \
      \(orders.map(\.id)); that repository was asked \(repository.loadCount) time(s) and the \
      state is \(screen.viewModel.state). The account's factory builds from its own slice of \
      dependencies, as the catalog's does.
      """
    )
    #expect(
      analytics.events == [.ordersViewed],
      "The view should be counted by the factory's analytics; it recorded \(analytics.events)."
    )
  }

  @Test("Guard: a history whose repository fails shows why")
  func historyShowsAFailedLoad() async throws {
    let failure = HTTPError.notFound(path: "/accounts/alice/orders")
    let factory = makeAccountFactory(
      dependencies: StubAccountDependencies(
        orders: FailingOrdersRepository(failure: failure), analytics: SpyAnalytics()))

    let screen = try #require(
      factory.makeOrderHistory() as? OrderHistoryScreen,
      "makeOrderHistory() should return an OrderHistoryScreen."
    )
    await screen.viewModel.load()

    #expect(
      screen.viewModel.state == .failed(failure.description),
      """
      The account's repository failed with "\(failure.description)", and the history's \
      state is \(screen.viewModel.state). A failed load should say why, as the starter's \
      view model did: an error shown as an empty history tells the user they have no orders.
      """
    )
  }

  @Test(
    "Every history asks the repository it was given; keeping orders is the repository's job",
    arguments: [Sample.aliceOrders, Sample.bobOrders]
  )
  func everyHistoryAsksTheRepository(orders: [Order]) async throws {
    let repository = SpyOrdersRepository(orders: orders)
    let factory = makeAccountFactory(
      dependencies: StubAccountDependencies(orders: repository, analytics: SpyAnalytics()))

    let first = try #require(
      factory.makeOrderHistory() as? OrderHistoryScreen,
      "makeOrderHistory() should return an OrderHistoryScreen.")
    await first.viewModel.load()
    let second = try #require(
      factory.makeOrderHistory() as? OrderHistoryScreen,
      "makeOrderHistory() should return an OrderHistoryScreen every time.")
    await second.viewModel.load()

    #expect(
      repository.loadCount == 2 && second.viewModel.orders == orders,
      """
      Two histories from one factory should each load through the repository the factory \
      was given; it was asked \(repository.loadCount) time(s), and the second history shows \
      \(second.viewModel.state). Whether orders are kept, and for how long, is the \
      repository's lifetime, chosen at the composition root (one per account session); a \
      store of orders kept in the factory lives as long as the factory, which nobody chose.
      """
    )
  }

  @Test("Guard: every call builds a new order history")
  func everyCallBuildsANewHistory() throws {
    let factory = makeAccountFactory(
      dependencies: StubAccountDependencies(
        orders: SpyOrdersRepository(orders: []), analytics: SpyAnalytics()))

    let first = try #require(
      factory.makeOrderHistory() as? OrderHistoryScreen,
      "makeOrderHistory() should return an OrderHistoryScreen."
    )
    let second = try #require(
      factory.makeOrderHistory() as? OrderHistoryScreen,
      "makeOrderHistory() should return an OrderHistoryScreen every time."
    )

    #expect(
      first !== second && first.viewModel !== second.viewModel,
      "Each call should build a new screen and view model; the factory returned the same one twice."
    )
  }

  @Test(
    "The account factory keeps no history it built",
    arguments: [Sample.aliceOrders, Sample.bobOrders]
  )
  func accountFactoryKeepsNoHistory(orders: [Order]) async throws {
    let factory = makeAccountFactory(
      dependencies: StubAccountDependencies(
        orders: SpyOrdersRepository(orders: orders), analytics: SpyAnalytics()))
    var built: [WeakObject] = []

    do {
      let first = try #require(
        factory.makeOrderHistory() as? OrderHistoryScreen,
        "makeOrderHistory() should return an OrderHistoryScreen.")
      await first.viewModel.load()
      let second = factory.makeOrderHistory()
      built = [WeakObject(first), WeakObject(first.viewModel), WeakObject(second)]
      if let history = second as? OrderHistoryScreen { built.append(WeakObject(history.viewModel)) }
    }

    let kept = built.filter { $0.object != nil }
    #expect(
      kept.isEmpty,
      """
      Nobody shows the two histories the account factory built any more (one loaded \
      \(orders.map(\.id))), yet \(kept.count) of those screens or view models are still \
      alive while the factory lives. As with the catalog's: a screen lives as long as it is \
      shown, and whoever shows it decides that. A factory builds and hands over; it keeps \
      services, never screens.
      """
    )
    withExtendedLifetime(factory) {}
  }

  @Test("The account coordinator presents exactly the history the factory built")
  func coordinatorPresentsTheFactorysHistory() throws {
    let factory = SpyAccountFactory()
    let navigator = RecordingNavigator()
    let coordinator = makeAccountCoordinator(factory: factory, navigator: navigator)

    #expect(
      factory.historyScreens.isEmpty && navigator.steps.isEmpty,
      """
      Before start(), the account coordinator already asked the factory for \
      \(factory.historyScreens.count) history(ies). A coordinator decides *when* a screen \
      appears: ask the factory in start(), not ahead of time.
      """
    )
    coordinator.start()

    let history = try #require(
      factory.historyScreens.first,
      """
      start() should ask the account factory it was given for the order history; that \
      factory was never asked. A coordinator that builds its own screen, from whatever services \
      it finds, is what a module factory replaces.
      """
    )
    #expect(
      navigator.steps.count == 1 && navigator.presented.first === history,
      """
      start() should present the very screen the factory returned, and nothing else; the \
      navigator saw \(navigator.steps.count) step(s), presenting \
      \(navigator.presented.map(\.title)).
      """
    )
  }

  @Test("Starting the account flow again presents a new history")
  func startingAgainPresentsANewHistory() {
    let factory = SpyAccountFactory()
    let navigator = RecordingNavigator()
    let coordinator = makeAccountCoordinator(factory: factory, navigator: navigator)

    coordinator.start()
    coordinator.start()

    #expect(
      factory.historyScreens.count == 2 && navigator.presented.count == 2
        && navigator.presented.first === factory.historyScreens.first
        && navigator.presented.last === factory.historyScreens.last,
      """
      Started twice, the account coordinator should ask the factory twice and present each new \
      history; the factory built \(factory.historyScreens.map(\.title)) and the navigator \
      presented \(navigator.presented.map(\.title)). \(factory.historyScreens.isEmpty
        ? "The factory was never asked: the coordinator still builds the history itself."
        : "A screen is transient: a kept one shows its old orders.")
      """
    )
  }

  @Test("The account coordinator keeps its factory and navigator, and no service")
  func accountCoordinatorHoldsNoService() {
    // NB: a real factory, holding services: the coordinator may keep it, and the search
    // never looks inside it.
    let factory = makeAccountFactory(
      dependencies: StubAccountDependencies(
        orders: SpyOrdersRepository(orders: []), analytics: SpyAnalytics()))
    let coordinator = makeAccountCoordinator(factory: factory, navigator: RecordingNavigator())
    weak var spyFactory: SpyAccountFactory?
    let another: any Coordinator
    do {
      let spy = SpyAccountFactory()
      spyFactory = spy
      another = makeAccountCoordinator(factory: spy, navigator: RecordingNavigator())
    }

    let services = storedServices(in: coordinator)
    let hidden = customMirrors(in: coordinator, named: "coordinator")

    #expect(
      services.isEmpty,
      """
      The account coordinator stores services or a container, at \(services). Its screens \
      get their services from the factory; a coordinator that keeps them only to hand them on \
      is a dependency pipeline.
      """
    )
    #expect(
      hidden.isEmpty,
      """
      The account coordinator gives reflection a mirror of its own (CustomReflectable) instead of \
      what it stores, at \(hidden), so no one can see whether it keeps services. A \
      coordinator that holds a factory and a navigator has nothing to hide: let it show \
      what it stores.
      """
    )
    #expect(
      spyFactory != nil,
      """
      Nothing kept the factory passed to makeAccountCoordinator(factory:navigator:) alive. A \
      coordinator keeps the factory it was given and asks it for every screen it shows.
      """
    )
    withExtendedLifetime(another) {}
  }

  @Test("Guard: each feature has a factory of its own")
  func factoriesAreSplitByFeature() {
    let catalogFactory = makeCatalogFactory(
      dependencies: StubCatalogDependencies(catalog: SpyCatalog(), analytics: SpyAnalytics()),
      market: .eu
    )
    let accountFactory = makeAccountFactory(
      dependencies: StubAccountDependencies(
        orders: SpyOrdersRepository(orders: []), analytics: SpyAnalytics()))

    #expect(
      !(catalogFactory is any AccountFactory) && !(accountFactory is any CatalogFactory),
      """
      One factory builds both features' screens. Split it: one factory per feature keeps \
      each small, and each needs only its own feature's dependencies.
      """
    )
  }

  @Test(
    "The app gives each feature a factory of its own",
    arguments: Sample.markets
  )
  func appSplitsFactoriesByFeature(market: Market) {
    let app = appAfterEveryFlow(market: market)

    let both = factoriesForBothFeatures(keptBy: app)
    #expect(
      both.isEmpty,
      """
      The app built by makeShopApp(configuration:navigator:) keeps a factory that builds both \
      features' screens, at \(both). The make… helpers are not what the app runs: the root \
      too should give the catalog's coordinator a catalog factory and the account's \
      coordinator an account factory, each with only its own feature's dependencies.
      """
    )
    let reach = factoriesReachingTheOtherFeature(keptBy: app)
    #expect(
      reach.isEmpty,
      """
      A factory the app keeps stores the other feature's factory or services, at \(reach), \
      itself or inside the dependencies it was given: through it one feature reaches the \
      other's (the catalog the account's orders), and the two factories are coupled again. \
      Each factory keeps only its own feature's dependencies, and the catalog's, which live \
      as long as the app, keep nothing of one account: no orders, no account session, and \
      they are not the account's slice (AccountDependencies) too, so one container cannot \
      serve both; the account's slice is its session's. If one feature's screen leads to \
      the other's, its coordinator asks the root (or a parent coordinator) to start that flow.
      """
    )
  }
}

/// A repository whose every load fails with `failure`.
private struct FailingOrdersRepository: OrdersRepository {
  let failure: HTTPError

  func orders() async throws -> [Order] {
    throw failure
  }
}
