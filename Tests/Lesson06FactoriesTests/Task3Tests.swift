import Lesson06Factories
import Testing

@Suite("Task 3 — Show the chosen product's details")
@MainActor
struct Task3Tests {
  @Test("The detail shows the chosen product and loads it with the container's services")
  func detailCombinesProductAndServices() async throws {
    let catalog = FakeCatalog(stock: 3)
    let analytics = SpyAnalytics()
    let factory = makeCatalogFactory(
      dependencies: StubCatalogDependencies(catalog: catalog, analytics: analytics), market: .eu)

    let screen = try #require(
      factory.makeProductDetail(for: Sample.mug) as? ProductDetailScreen,
      "Outside the US, makeProductDetail(for:) should return a ProductDetailScreen."
    )
    await screen.viewModel.load()

    #expect(
      screen.viewModel.product == Sample.mug,
      """
      The detail should show the product passed in, Mug; it shows \
      \(screen.viewModel.product.name).
      """
    )
    #expect(
      catalog.stockRequests == [Sample.mug.id] && screen.viewModel.stock == 3,
      """
      The detail should load the mug's stock from the catalog the factory was given; the \
      fake was asked for \(catalog.stockRequests), and the screen says: \
      \(screen.viewModel.errorMessage ?? screen.viewModel.availability)
      """
    )
    #expect(
      analytics.events == [.productViewed(Sample.mug.id)],
      "The view should be counted by the factory's analytics; it recorded \(analytics.events)."
    )
  }

  @Test("Each detail is built fresh, even for the same product")
  func detailsAreNeverReused() throws {
    let factory = makeCatalogFactory(
      dependencies: StubCatalogDependencies(catalog: FakeCatalog(), analytics: SpyAnalytics()),
      market: .eu
    )

    let detail = "Outside the US, makeProductDetail(for:) should return a ProductDetailScreen."
    let first = try #require(
      factory.makeProductDetail(for: Sample.mug) as? ProductDetailScreen, "\(detail)")
    let again = try #require(
      factory.makeProductDetail(for: Sample.mug) as? ProductDetailScreen, "\(detail)")
    let other = try #require(
      factory.makeProductDetail(for: Sample.lamp) as? ProductDetailScreen, "\(detail)")

    #expect(
      first !== again && first.viewModel !== again.viewModel,
      """
      Opening the same product twice should build two screens: a kept screen brings back \
      its old state. The factory returned the same detail twice; does it cache screens?
      """
    )
    #expect(other.viewModel.product == Sample.lamp, "A detail for Lamp should show Lamp.")
  }

  @Test("Picking a product pushes the factory's detail for exactly that product")
  func pickPushesTheFactorysDetail() throws {
    let factory = MockCatalogFactory()
    let navigator = RecordingNavigator()
    let coordinator = makeCatalogCoordinator(factory: factory, navigator: navigator)
    defer { withExtendedLifetime(coordinator) {} }

    coordinator.start()
    try #require(
      factory.listScreens.count == 1,
      """
      start() should ask the factory for the product list, passing an `onSelect` the list \
      calls on a pick; it asked \(factory.listScreens.count) times. Does the coordinator \
      still build its screens itself (Task 2)?
      """
    )
    factory.customerPicks(Sample.lamp)

    #expect(
      factory.detailRequests == [Sample.lamp],
      """
      Picking Lamp should make the coordinator ask the factory for Lamp's detail; it asked \
      for \(factory.detailRequests.map(\.name)).
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

  @Test("The real factory and the coordinator together show the picked product")
  func factoryAndCoordinatorTogether() throws {
    let factory = makeCatalogFactory(
      dependencies: StubCatalogDependencies(catalog: FakeCatalog(), analytics: SpyAnalytics()),
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
  }
}
