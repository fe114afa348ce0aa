import Lesson06Factories
import Testing

@Suite("Task 4 — A different product page in the US")
@MainActor
struct Task4Tests {
  @Test(
    "In the US, the factory builds the product page, wired like the detail",
    arguments: [(Sample.mug, 3, "Only 3 left"), (Sample.lamp, 9, "Ships today")]
  )
  func usFactoryBuildsTheProductPage(product: Product, stock: Int, badge: String) async throws {
    let catalog = SpyCatalog(stock: stock)
    let analytics = SpyAnalytics()
    let factory = makeCatalogFactory(
      dependencies: StubCatalogDependencies(catalog: catalog, analytics: analytics),
      market: .us)

    let screen = factory.makeProductDetail(for: product)
    let page = try #require(
      screen as? ProductPageScreen,
      """
      With market .us, makeProductDetail(for:) should return a ProductPageScreen; it returned \
      \(type(of: screen)). Which screen a market gets is a decision about how to build it.
      """
    )
    await page.viewModel.load()

    #expect(
      page.viewModel.product == product,
      """
      The page should show the product passed in, \(product.name); it shows \
      \(page.viewModel.product.name).
      """
    )
    #expect(
      catalog.stockRequests == [product.id] && page.viewModel.badge == badge,
      """
      The page should load the stock of \(product.name) from the factory's catalog and show \
      "\(badge)"; that catalog was asked for \(catalog.stockRequests), and the page says: \
      \(page.viewModel.errorMessage ?? page.viewModel.badge ?? "nothing")
      """
    )
    #expect(
      analytics.events == [.productViewed(product.id)],
      """
      The page's view of \(product.name) should be counted by the factory's analytics, like \
      the classic detail's; it recorded \(analytics.events). A variant changes the screen, \
      not where its services come from.
      """
    )
  }

  @Test(
    "A product page opened again shows the stock as it is now",
    arguments: [(Sample.mug, 3, 9, "Ships today"), (Sample.lamp, 9, 2, "Only 2 left")]
  )
  func reopenedPageShowsCurrentStock(product: Product, before: Int, after: Int, badge: String)
    async throws
  {
    let catalog = SpyCatalog(stock: before)
    let factory = makeCatalogFactory(
      dependencies: StubCatalogDependencies(catalog: catalog, analytics: SpyAnalytics()),
      market: .us)

    let first = try #require(
      factory.makeProductDetail(for: product) as? ProductPageScreen,
      "With market .us, makeProductDetail(for:) should return a ProductPageScreen.")
    await first.viewModel.load()
    catalog.setStock(after)
    let again = try #require(
      factory.makeProductDetail(for: product) as? ProductPageScreen,
      "With market .us, makeProductDetail(for:) should return a ProductPageScreen every time.")
    await again.viewModel.load()

    #expect(
      catalog.stockRequests == [product.id, product.id] && again.viewModel.badge == badge,
      """
      \(product.name)'s stock went from \(before) to \(after) between two visits, so the \
      page opened again should ask the factory's catalog and show "\(badge)"; that catalog \
      was asked for \(catalog.stockRequests), and the page says: \
      \(again.viewModel.errorMessage ?? again.viewModel.badge ?? "nothing"). The page is \
      wired with the factory's services as they are: a store of stock kept in the factory \
      is a lifetime the composition root never chose, and it shows stale data.
      """
    )
  }

  @Test("Guard: outside the US, the factory keeps the classic detail")
  func euFactoryBuildsTheClassicDetail() {
    let factory = makeCatalogFactory(
      dependencies: StubCatalogDependencies(catalog: SpyCatalog(), analytics: SpyAnalytics()),
      market: .eu
    )

    let screen = factory.makeProductDetail(for: Sample.mug)

    #expect(
      screen is ProductDetailScreen,
      """
      With market .eu, makeProductDetail(for:) should return a ProductDetailScreen, not \
      \(type(of: screen)).
      """
    )
  }

  @Test("The unchanged coordinator shows the product page when its factory is a US one")
  func coordinatorFollowsTheFactory() throws {
    let factory = makeCatalogFactory(
      dependencies: StubCatalogDependencies(catalog: SpyCatalog(), analytics: SpyAnalytics()),
      market: .us
    )
    let navigator = RecordingNavigator()
    let coordinator = makeCatalogCoordinator(factory: factory, navigator: navigator)
    defer { withExtendedLifetime(coordinator) {} }

    coordinator.start()
    let list = try #require(
      navigator.pushed.first as? ProductListScreen,
      """
      start() should push the factory's ProductListScreen first; it pushed \
      \(navigator.pushed.map(\.title)).
      """
    )
    list.viewModel.select(Sample.mug)

    #expect(
      navigator.pushed.last is ProductPageScreen,
      """
      Given a US factory, picking a product should push the ProductPageScreen the factory \
      builds; it pushed \(navigator.pushed.map { "\(type(of: $0))" }). Does the coordinator \
      choose the screen itself?
      """
    )
  }

  @Test("The coordinator holds no market and no configuration")
  func coordinatorHoldsNoMarket() {
    let coordinator = makeCatalogCoordinator(
      factory: SpyCatalogFactory(), navigator: RecordingNavigator())

    let settings = storedMarketSettings(in: coordinator)

    #expect(
      settings.isEmpty,
      """
      A market variant belongs to the factory or the composition root; the coordinator stores \
      \(settings). Then the next variant would need another `if` in every coordinator.
      """
    )
  }

  @Test(
    "In the app, every catalog factory a coordinator keeps builds its market's product screen",
    arguments: Sample.markets
  )
  func appCoordinatorsKeepOnlyTheMarketsFactory(market: Market) {
    let app = appAfterEveryFlow(market: market)
    let expected = market == .us ? "ProductPageScreen" : "ProductDetailScreen"

    let others = catalogFactoriesInCoordinators(keptBy: app).compactMap { path, factory in
      let screen = factory.makeProductDetail(for: Sample.mug)
      let fits = market == .us ? screen is ProductPageScreen : screen is ProductDetailScreen
      return fits ? nil : "\(path) builds a \(type(of: screen))"
    }

    #expect(
      others.isEmpty,
      """
      The \(market) app should show the \(expected) for a product, and every catalog factory \
      its coordinators keep should build that screen; but \(others). A coordinator that \
      keeps a factory per market and picks one by a flag (a Bool, an enum, a string) still \
      branches on the market: the root builds the one factory of its market, and the \
      coordinator pushes whatever it returns.
      """
    )
  }

  @Test("In the app, the catalog coordinator stores no value that differs by market")
  func appCoordinatorsStoreNoMarketFlag() {
    let us = plainValuesInCoordinators(keptBy: appAfterEveryFlow(market: .us))
    let eu = plainValuesInCoordinators(keptBy: appAfterEveryFlow(market: .eu))

    let differing = us.symmetricDifference(eu).sorted()
    #expect(
      differing.isEmpty,
      """
      A US app and an EU app, built alike and run through the same flows, keep coordinators \
      that store different values: \(differing). A value a coordinator keeps that depends on \
      the market (a region code, a Bool, an enum of its own) is the market flag under another \
      type: the coordinator would branch on it. The root gives each market its factory, and \
      the coordinator calls makeProductDetail(for:) in every market.
      """
    )
  }
}
