import Lesson06Factories
import Testing

@Suite("Task 1 — Build the product list in a module factory")
@MainActor
struct Task1Tests {
  @Test(
    "The product list loads its products from the container's catalog",
    arguments: [[Sample.keyboard, Sample.mug], [Sample.lamp]]
  )
  func listLoadsFromTheContainersCatalog(products: [Product]) async throws {
    let catalog = SpyCatalog(products: products)
    let dependencies = StubCatalogDependencies(catalog: catalog, analytics: SpyAnalytics())
    let factory = makeCatalogFactory(dependencies: dependencies, market: .eu)

    let screen = try #require(
      factory.makeProductList(onSelect: { _ in }) as? ProductListScreen,
      "makeProductList(onSelect:) should return a ProductListScreen."
    )
    await screen.viewModel.load()

    #expect(
      catalog.productRequests == 1 && screen.viewModel.products == products,
      """
      The list should show the products of the catalog the factory was given, \
      \(products.map(\.name)); that catalog was asked \(catalog.productRequests) time(s), and the \
      list's state is \(screen.viewModel.state). A module factory builds its screens from the \
      services it received, not from placeholders or services of its own.
      """
    )
  }

  @Test(
    "Every list loads its products from the catalog again",
    arguments: [[Sample.keyboard, Sample.mug], [Sample.lamp]]
  )
  func everyListLoadsFromTheCatalog(products: [Product]) async throws {
    let catalog = SpyCatalog(products: products)
    let dependencies = StubCatalogDependencies(catalog: catalog, analytics: SpyAnalytics())
    let factory = makeCatalogFactory(dependencies: dependencies, market: .eu)

    let first = try #require(
      factory.makeProductList(onSelect: { _ in }) as? ProductListScreen,
      "makeProductList(onSelect:) should return a ProductListScreen."
    )
    await first.viewModel.load()
    let second = try #require(
      factory.makeProductList(onSelect: { _ in }) as? ProductListScreen,
      "makeProductList(onSelect:) should return a ProductListScreen every time."
    )
    await second.viewModel.load()

    #expect(
      catalog.productRequests == 2 && second.viewModel.products == products,
      """
      Two lists from one factory, each loaded: each should ask the catalog the factory was \
      given for the products, so the catalog should be asked twice; it was asked \
      \(catalog.productRequests) time(s), and the second list's state is \
      \(second.viewModel.state). The factory lives as long as the app and keeps services, not \
      what a screen loaded: a list that shows the first list's products shows stale data.
      """
    )
  }

  @Test(
    "Picking a product is counted by the container's analytics and handed to onSelect",
    arguments: [Sample.mug, Sample.lamp]
  )
  func pickIsTrackedAndHandedOn(product: Product) throws {
    let analytics = SpyAnalytics()
    let dependencies = StubCatalogDependencies(catalog: SpyCatalog(), analytics: analytics)
    let factory = makeCatalogFactory(dependencies: dependencies, market: .eu)
    let picks = Picks()

    let screen = try #require(
      factory.makeProductList(onSelect: picks.record) as? ProductListScreen,
      "makeProductList(onSelect:) should return a ProductListScreen."
    )
    screen.viewModel.select(product)
    screen.viewModel.select(product)

    #expect(
      analytics.events == [.productSelected(product.id), .productSelected(product.id)],
      """
      Picking \(product.name) twice should be counted twice by the analytics the factory was \
      given; that tracker recorded \(analytics.events). Every service a screen uses comes from \
      the factory's dependencies, passed on as it got them: no tracker of the factory's own \
      that drops a repeated pick.
      """
    )
    #expect(
      picks.products == [product, product],
      """
      Picking \(product.name) twice should reach the `onSelect` passed to the factory twice; it \
      received \(picks.products.map(\.name)). The factory combines that run-time callback with \
      the services.
      """
    )
  }

  @Test(
    "Each list hands its picks to the onSelect it was built with",
    arguments: [(Sample.mug, Sample.lamp), (Sample.keyboard, Sample.mug)]
  )
  func eachListKeepsItsOwnCallback(firstPick: Product, secondPick: Product) throws {
    let dependencies = StubCatalogDependencies(catalog: SpyCatalog(), analytics: SpyAnalytics())
    let factory = makeCatalogFactory(dependencies: dependencies, market: .eu)
    let firstFlow = Picks()
    let secondFlow = Picks()

    let first = try #require(
      factory.makeProductList(onSelect: firstFlow.record) as? ProductListScreen,
      "makeProductList(onSelect:) should return a ProductListScreen."
    )
    let second = try #require(
      factory.makeProductList(onSelect: secondFlow.record) as? ProductListScreen,
      "makeProductList(onSelect:) should return a ProductListScreen every time."
    )
    first.viewModel.select(firstPick)
    second.viewModel.select(secondPick)
    first.viewModel.select(secondPick)

    #expect(
      firstFlow.products == [firstPick, secondPick] && secondFlow.products == [secondPick],
      """
      Two lists from one factory, each built with its own onSelect: the picks in the first \
      list should reach the first onSelect, \([firstPick, secondPick].map(\.name)), and the \
      pick in the second the second, \([secondPick.name]); they received \
      \(firstFlow.products.map(\.name)) and \(secondFlow.products.map(\.name)). The callback \
      is a run-time value of one screen: the factory passes it to that screen's view model \
      and keeps no callback of its own.
      """
    )
  }

  @Test("Guard: every call builds a new list with a new view model")
  func everyCallBuildsANewList() throws {
    let dependencies = StubCatalogDependencies(catalog: SpyCatalog(), analytics: SpyAnalytics())
    let factory = makeCatalogFactory(dependencies: dependencies, market: .eu)

    let first = try #require(
      factory.makeProductList(onSelect: { _ in }) as? ProductListScreen,
      "makeProductList(onSelect:) should return a ProductListScreen."
    )
    let second = try #require(
      factory.makeProductList(onSelect: { _ in }) as? ProductListScreen,
      "makeProductList(onSelect:) should return a ProductListScreen every time."
    )

    #expect(
      first !== second && first.viewModel !== second.viewModel,
      """
      The factory returned the same list (or the same view model) twice. A screen is \
      transient: each call builds a new one, so no old state comes back.
      """
    )
  }

  @Test(
    "A new factory holds no screen before anyone asks for one",
    arguments: Sample.markets
  )
  func newFactoryHoldsNoScreen(market: Market) {
    let factory = makeCatalogFactory(
      dependencies: StubCatalogDependencies(catalog: SpyCatalog(), analytics: SpyAnalytics()),
      market: market
    )

    let screens = storedScreens(in: factory)
    #expect(
      screens.isEmpty,
      """
      The \(market) factory was just made and nobody asked it for a screen, yet it stores one \
      (or a screen's view model), at \(screens). A factory builds a screen when it is asked, \
      and hands it over: a list built ahead of time lives in a long-lived object before anyone \
      shows it. Keep the services, and build the list in makeProductList(onSelect:).
      """
    )
  }

  @Test(
    "The factory keeps no screen it built",
    arguments: Sample.markets
  )
  func factoryKeepsNoScreen(market: Market) {
    let factory = makeCatalogFactory(
      dependencies: StubCatalogDependencies(catalog: SpyCatalog(), analytics: SpyAnalytics()),
      market: market
    )
    var built: [WeakObject] = []

    do {
      let list = factory.makeProductList(onSelect: { _ in })
      let detail = factory.makeProductDetail(for: Sample.mug)
      built = [WeakObject(list), WeakObject(detail)]
      if let listScreen = list as? ProductListScreen {
        built.append(WeakObject(listScreen.viewModel))
      }
      if let viewModel = productViewModel(of: detail) { built.append(WeakObject(viewModel)) }
    }

    let kept = built.filter { $0.object != nil }
    #expect(
      kept.isEmpty,
      """
      In the \(market) market, nobody shows the list or the detail the factory built any more, \
      yet \(kept.count) of those screens or view models are still alive while the factory \
      lives. A screen is transient: it lives as long as it is shown, and whoever shows it \
      decides that. A factory builds and hands over; it keeps services, never screens.
      """
    )
    withExtendedLifetime(factory) {}
  }
}
