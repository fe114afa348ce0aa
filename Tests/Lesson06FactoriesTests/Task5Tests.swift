import Lesson06Factories
import Testing

@Suite("Task 5 — One factory per feature")
@MainActor
struct Task5Tests {
  @Test("The order history loads the orders from the account's repository")
  func historyLoadsFromTheRepository() async throws {
    let repository = FakeOrdersRepository(orders: Sample.aliceOrders)
    let analytics = SpyAnalytics()
    let factory = makeAccountFactory(
      dependencies: StubAccountDependencies(orders: repository, analytics: analytics))

    let screen = try #require(
      factory.makeOrderHistory() as? OrderHistoryScreen,
      "makeOrderHistory() should return an OrderHistoryScreen."
    )
    await screen.viewModel.load()

    #expect(
      repository.loadCount == 1 && screen.viewModel.orders == Sample.aliceOrders,
      """
      The history should load through the repository the factory was given; the fake was \
      asked \(repository.loadCount) times and the state is \(screen.viewModel.state).
      """
    )
    #expect(
      analytics.events == [.ordersViewed],
      "The view should be counted by the factory's analytics; it recorded \(analytics.events)."
    )
  }

  @Test("Every call builds a new order history")
  func everyCallBuildsANewHistory() throws {
    let factory = makeAccountFactory(
      dependencies: StubAccountDependencies(
        orders: FakeOrdersRepository(orders: []), analytics: SpyAnalytics()))

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

  @Test("The account coordinator presents exactly the history the factory built")
  func coordinatorPresentsTheFactorysHistory() throws {
    let factory = MockAccountFactory()
    let navigator = RecordingNavigator()
    let coordinator = makeAccountCoordinator(factory: factory, navigator: navigator)

    coordinator.start()

    let history = try #require(
      factory.historyScreens.first,
      """
      start() should ask the account factory for the order history; it never did. Does the \
      coordinator still build the screen itself, from `AppContainer.shared`?
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

  @Test("The account coordinator keeps its factory and navigator, and no service")
  func accountCoordinatorHoldsNoService() {
    // NB: a real factory, holding services: the coordinator may keep it, and the search
    // never looks inside it.
    let factory = makeAccountFactory(
      dependencies: StubAccountDependencies(
        orders: FakeOrdersRepository(orders: []), analytics: SpyAnalytics()))
    let coordinator = makeAccountCoordinator(factory: factory, navigator: RecordingNavigator())

    let services = storedServices(in: coordinator)

    #expect(
      services.isEmpty,
      """
      The account coordinator still stores services or a container, at \(services); its \
      screens get their services from the factory. Keep the factory and the navigator.
      """
    )
  }

  @Test("Each feature has a factory of its own")
  func factoriesAreSplitByFeature() {
    let catalogFactory = makeCatalogFactory(
      dependencies: StubCatalogDependencies(catalog: FakeCatalog(), analytics: SpyAnalytics()),
      market: .eu
    )
    let accountFactory = makeAccountFactory(
      dependencies: StubAccountDependencies(
        orders: FakeOrdersRepository(orders: []), analytics: SpyAnalytics()))

    #expect(
      !(catalogFactory is any AccountFactory) && !(accountFactory is any CatalogFactory),
      """
      One factory builds both features' screens. Split it: one factory per feature keeps \
      each small, and each needs only its own feature's dependencies.
      """
    )
  }
}
