import Lesson06Factories
import Testing

@Suite("Task 3 — Show the chosen product's details")
@MainActor
struct Task3Tests {
  @Test(
    "The detail shows the chosen product and loads it with the container's services",
    arguments: [(Sample.mug, 3, "In stock: 3"), (Sample.lamp, 0, "Out of stock")]
  )
  func detailCombinesProductAndServices(product: Product, stock: Int, availability: String)
    async throws
  {
    let catalog = SpyCatalog(stock: stock)
    let analytics = SpyAnalytics()
    let factory = makeCatalogFactory(
      dependencies: StubCatalogDependencies(catalog: catalog, analytics: analytics), market: .eu)

    let screen = try #require(
      factory.makeProductDetail(for: product) as? ProductDetailScreen,
      "Outside the US, makeProductDetail(for:) should return a ProductDetailScreen."
    )
    await screen.viewModel.load()

    #expect(
      screen.viewModel.product == product,
      """
      The detail should show the product passed in, \(product.name); it shows \
      \(screen.viewModel.product.name). The product is a run-time value: the factory method \
      takes it as a parameter.
      """
    )
    #expect(
      catalog.stockRequests == [product.id] && screen.viewModel.availability == availability,
      """
      The detail should load the stock of \(product.name) from the catalog the factory was \
      given and say "\(availability)"; that catalog was asked for \(catalog.stockRequests), \
      and the screen says: \(screen.viewModel.errorMessage ?? screen.viewModel.availability)
      """
    )
    #expect(
      analytics.events == [.productViewed(product.id)],
      """
      The view of \(product.name) should be counted by the factory's analytics; it recorded \
      \(analytics.events).
      """
    )
  }

  @Test(
    "Guard: each product screen is built fresh, even for the same product",
    arguments: Sample.markets
  )
  func detailsAreNeverReused(market: Market) throws {
    let factory = makeCatalogFactory(
      dependencies: StubCatalogDependencies(catalog: SpyCatalog(), analytics: SpyAnalytics()),
      market: market
    )

    let first = factory.makeProductDetail(for: Sample.mug)
    let again = factory.makeProductDetail(for: Sample.mug)
    let other = factory.makeProductDetail(for: Sample.lamp)
    let firstModel = try #require(
      productViewModel(of: first),
      "makeProductDetail(for:) should return a product screen, not \(type(of: first)).")

    #expect(
      first !== again && firstModel !== productViewModel(of: again),
      """
      In the \(market) market, opening Mug twice returned the same \(type(of: first)) (or the \
      same view model) both times. A screen is transient in every market: a kept one brings \
      back its old state. Keep fresh data in services, not in screens.
      """
    )
    #expect(
      other.title == Sample.lamp.name,
      "In the \(market) market, a screen for Lamp should show Lamp; it is titled \(other.title)."
    )
  }

  @Test(
    "Opening the same product twice counts two views",
    arguments: Sample.markets
  )
  func everyOpeningCountsAView(market: Market) async throws {
    let analytics = SpyAnalytics()
    let factory = makeCatalogFactory(
      dependencies: StubCatalogDependencies(catalog: SpyCatalog(), analytics: analytics),
      market: market
    )

    for product in [Sample.keyboard, Sample.keyboard, Sample.mug] {
      try await loadProductScreen(factory.makeProductDetail(for: product))
    }

    #expect(
      analytics.events == [
        .productViewed(Sample.keyboard.id), .productViewed(Sample.keyboard.id),
        .productViewed(Sample.mug.id),
      ],
      """
      In the \(market) market, the keyboard was opened twice and the mug once, so the \
      analytics the factory was given should record three views in that order; it recorded \
      \(analytics.events). Every opening is a view: the factory passes its analytics on as \
      it got it, and decides which screen to build, not which events count.
      """
    )
  }

  @Test(
    "Picking a product pushes the factory's detail for exactly that product",
    arguments: [Sample.lamp, Sample.keyboard]
  )
  func pickPushesTheFactorysDetail(product: Product) throws {
    let factory = SpyCatalogFactory()
    let navigator = RecordingNavigator()
    let coordinator = makeCatalogCoordinator(factory: factory, navigator: navigator)
    defer { withExtendedLifetime(coordinator) {} }

    coordinator.start()
    try #require(
      factory.listScreens.count == 1,
      """
      start() should ask the factory for the product list, passing an `onSelect` the list \
      calls on a pick; it asked \(factory.listScreens.count) time(s). Does the coordinator \
      still build its screens itself (Task 2)?
      """
    )
    factory.customerPicks(product)

    #expect(
      factory.detailRequests == [product],
      """
      Picking \(product.name) should make the coordinator ask the factory for that product's \
      screen; it asked for \(factory.detailRequests.map(\.name)). The coordinator passes the \
      run-time value along and builds nothing itself.
      """
    )
    let detail = try #require(
      factory.detailScreens.first, "The coordinator should ask the factory for the detail.")
    #expect(
      navigator.pushed.count == 2 && navigator.pushed.last === detail,
      """
      The coordinator should push the detail the factory returned, after the list; it pushed \
      \(navigator.pushed.map(\.title)).
      """
    )
  }

  @Test(
    "Picking a product again asks the factory again",
    arguments: [(Sample.lamp, Sample.mug), (Sample.keyboard, Sample.lamp)]
  )
  func pickingAgainAsksAgain(product: Product, other: Product) throws {
    let factory = SpyCatalogFactory()
    let navigator = RecordingNavigator()
    let coordinator = makeCatalogCoordinator(factory: factory, navigator: navigator)
    defer { withExtendedLifetime(coordinator) {} }

    coordinator.start()
    factory.customerPicks(product)
    factory.customerPicks(other)
    factory.customerPicks(product)

    #expect(
      factory.detailRequests == [product, other, product],
      """
      Picking \(product.name), \(other.name), then \(product.name) again should ask the \
      factory three times, once per pick; it asked for \(factory.detailRequests.map(\.name)). \
      Opening a product again opens a new screen: a screen kept "so reopening is instant" \
      comes back with its old state. Keep data in services, not screens.
      """
    )
    #expect(
      navigator.pushed.count == 4
        && navigator.pushed.dropFirst().elementsEqual(
          factory.detailScreens, by: { $0 === $1 }),
      """
      After the list, the coordinator should push each screen the factory returned, in \
      order; the factory built \(factory.detailScreens.map(\.title)) and the navigator pushed \
      \(navigator.pushed.map(\.title)).
      """
    )
  }

  @Test(
    "Picking the same product twice in a row pushes two screens",
    arguments: [Sample.lamp, Sample.keyboard]
  )
  func samePickTwicePushesTwice(product: Product) throws {
    let factory = SpyCatalogFactory()
    let navigator = RecordingNavigator()
    let coordinator = makeCatalogCoordinator(factory: factory, navigator: navigator)
    defer { withExtendedLifetime(coordinator) {} }

    coordinator.start()
    factory.customerPicks(product)
    factory.customerPicks(product)

    #expect(
      factory.detailRequests == [product, product],
      """
      The customer picked \(product.name), went back and picked \(product.name) again, so the \
      coordinator should ask the factory twice; it asked for \
      \(factory.detailRequests.map(\.name)). Every pick is a new visit: a coordinator that \
      skips a pick equal to the last one leaves the customer without the screen they asked \
      for. It passes each pick on as it comes.
      """
    )
    #expect(
      navigator.pushed.count == 3
        && navigator.pushed.dropFirst().elementsEqual(
          factory.detailScreens, by: { $0 === $1 }),
      """
      After the list, the coordinator should push both screens the factory returned, in \
      order; the factory built \(factory.detailScreens.map(\.title)) and the navigator pushed \
      \(navigator.pushed.map(\.title)).
      """
    )
  }

  @Test(
    "A pick on a list from an earlier start() still opens that product",
    arguments: [(Sample.lamp, Sample.mug), (Sample.keyboard, Sample.lamp)]
  )
  func pickOnAnEarlierList(product: Product, other: Product) throws {
    let factory = SpyCatalogFactory()
    let navigator = RecordingNavigator()
    let coordinator = makeCatalogCoordinator(factory: factory, navigator: navigator)
    defer { withExtendedLifetime(coordinator) {} }

    coordinator.start()
    coordinator.start()
    try #require(
      factory.listScreens.count == 2,
      """
      Started twice, the coordinator should ask the factory for two lists, each with an \
      `onSelect` the list calls on a pick; it asked \(factory.listScreens.count) time(s).
      """
    )
    factory.customerPicks(product, onList: 0)
    factory.customerPicks(other, onList: 1)

    #expect(
      factory.detailRequests == [product, other],
      """
      The coordinator showed two lists (started twice); the customer went back to the first \
      and picked \(product.name), then picked \(other.name) on the second. Each pick should \
      make the coordinator ask the factory for that product's screen, so it should have \
      asked for \([product, other].map(\.name)); it asked for \
      \(factory.detailRequests.map(\.name)). A list stays on screen under a later one, and \
      every pick on it is the customer asking: the coordinator skips no pick, on any list it \
      showed.
      """
    )
    #expect(
      navigator.pushed.count == 4
        && navigator.pushed.dropFirst(2).elementsEqual(factory.detailScreens, by: { $0 === $1 }),
      """
      After the two lists, the coordinator should push each screen the factory returned, in \
      order; the factory built \(factory.detailScreens.map(\.title)) and the navigator \
      pushed \(navigator.pushed.map(\.title)).
      """
    )
  }

  @Test("Guard: the list's callback does not keep the coordinator alive")
  func listCallbackDoesNotKeepTheCoordinator() {
    let factory = SpyCatalogFactory()
    let navigator = RecordingNavigator()
    weak var released: (any Coordinator & AnyObject)?
    do {
      let coordinator = makeCatalogCoordinator(factory: factory, navigator: navigator)
      released = coordinator as AnyObject as? any Coordinator & AnyObject
      coordinator.start()
      factory.customerPicks(Sample.mug)
    }

    #expect(
      released == nil,
      """
      The coordinator was let go, yet something still holds it: the list's `onSelect` (kept \
      by the factory here, by the list's view model in the app). The navigator holds the \
      list, and the coordinator holds the navigator, so a callback that captures the \
      coordinator strongly is a cycle: it keeps the whole flow, and the services of its \
      factory, alive after the app is gone. Capture the coordinator weakly.
      """
    )
  }

  @Test("A pick on a list whose coordinator is gone does nothing, without a crash")
  func pickAfterTheCoordinatorIsGone() async {
    await #expect(
      processExitsWith: .success,
      """
      A coordinator showed its list and was let go, while the list stayed on screen; a pick on \
      that list then crashed the app. A list can outlive its flow (a navigator still shows it), \
      so its onSelect must not assume the coordinator is there: capture it with [weak self] \
      (not unowned), and a pick after the flow is gone does nothing.
      """
    ) {
      await pickOnAListWhoseCoordinatorIsGone()
    }
  }

  @Test("The real factory and the coordinator together show the picked product")
  func factoryAndCoordinatorTogether() async throws {
    let catalog = SpyCatalog()
    let factory = makeCatalogFactory(
      dependencies: StubCatalogDependencies(catalog: catalog, analytics: SpyAnalytics()),
      market: .eu
    )
    let navigator = RecordingNavigator()
    let coordinator = makeCatalogCoordinator(factory: factory, navigator: navigator)
    defer { withExtendedLifetime(coordinator) {} }

    coordinator.start()
    let list = try #require(
      navigator.pushed.first as? ProductListScreen,
      "start() should push the factory's ProductListScreen."
    )
    list.viewModel.select(Sample.keyboard)

    let detail = try #require(
      navigator.pushed.last as? ProductDetailScreen,
      """
      Picking a product should push a ProductDetailScreen; it pushed \
      \(navigator.pushed.map(\.title)).
      """
    )
    #expect(
      detail.viewModel.product == Sample.keyboard, "The detail should show the picked Keyboard.")
    await detail.viewModel.load()
    #expect(
      catalog.stockRequests == [Sample.keyboard.id],
      """
      The pushed detail should load the keyboard's stock from the catalog of the factory the \
      coordinator was given; that catalog was asked for \(catalog.stockRequests), and the \
      screen says "\(detail.viewModel.errorMessage ?? detail.viewModel.availability)" \
      A coordinator that builds its own screens shows screens wired to other services.
      """
    )
  }
}

/// Starts a catalog coordinator on a spy factory, lets the coordinator go, and plays a
/// customer picking a product on the list it showed, which is still on screen.
@MainActor
private func pickOnAListWhoseCoordinatorIsGone() {
  let factory = SpyCatalogFactory()
  let navigator = RecordingNavigator()
  do {
    let coordinator = makeCatalogCoordinator(factory: factory, navigator: navigator)
    coordinator.start()
  }
  factory.customerPicks(Sample.mug)
}
