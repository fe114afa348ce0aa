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

    #expect(
      analytics.events == [.productSelected(product.id)],
      """
      Picking \(product.name) should be counted by the analytics the factory was given; that \
      tracker recorded \(analytics.events). Every service a screen uses comes from the \
      factory's dependencies.
      """
    )
    #expect(
      picks.products == [product],
      """
      Picking \(product.name) should reach the `onSelect` passed to the factory; it received \
      \(picks.products.map(\.name)). The factory combines that run-time callback with the services.
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
    "The factory keeps no screen it built",
    arguments: Market.allCases
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
