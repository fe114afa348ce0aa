import Lesson06Factories
import Testing

@Suite("Task 4 — A different product page in the US")
@MainActor
struct Task4Tests {
  @Test("In the US, the factory builds the product page, wired like the detail")
  func usFactoryBuildsTheProductPage() async throws {
    let catalog = FakeCatalog(stock: 3)
    let factory = makeCatalogFactory(
      dependencies: StubCatalogDependencies(catalog: catalog, analytics: SpyAnalytics()),
      market: .us)

    let screen = factory.makeProductDetail(for: Sample.mug)
    let page = try #require(
      screen as? ProductPageScreen,
      """
      With market .us, makeProductDetail(for:) should return a ProductPageScreen; it returned \
      \(type(of: screen)). The market is for the factory (or the root) to decide.
      """
    )
    await page.viewModel.load()

    #expect(
      page.viewModel.product == Sample.mug,
      "The page should show the product passed in, Mug; it shows \(page.viewModel.product.name)."
    )
    #expect(
      catalog.stockRequests == [Sample.mug.id] && page.viewModel.badge == "Only 3 left",
      """
      The page should load the mug's stock from the factory's catalog; the fake was asked \
      for \(catalog.stockRequests), and the page says: \
      \(page.viewModel.errorMessage ?? page.viewModel.badge ?? "nothing")
      """
    )
  }

  @Test("Outside the US, the factory keeps the classic detail")
  func euFactoryBuildsTheClassicDetail() {
    let factory = makeCatalogFactory(
      dependencies: StubCatalogDependencies(catalog: FakeCatalog(), analytics: SpyAnalytics()),
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
      dependencies: StubCatalogDependencies(catalog: FakeCatalog(), analytics: SpyAnalytics()),
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
      factory: MockCatalogFactory(), navigator: RecordingNavigator())

    let settings = storedMarketSettings(in: coordinator)

    #expect(
      settings.isEmpty,
      """
      A market variant belongs to the factory or the composition root; the coordinator stores \
      \(settings). Then the next variant would need another `if` in every coordinator.
      """
    )
  }
}
