import Lesson06Factories
import Testing

@Suite("Task 1 — Build the product list in a module factory")
@MainActor
struct Task1Tests {
  @Test("The product list loads its products from the container's catalog")
  func listLoadsFromTheContainersCatalog() async throws {
    let catalog = FakeCatalog(products: [Sample.keyboard, Sample.mug])
    let dependencies = StubCatalogDependencies(catalog: catalog, analytics: SpyAnalytics())
    let factory = makeCatalogFactory(dependencies: dependencies, market: .eu)

    let screen = try #require(
      factory.makeProductList(onSelect: { _ in }) as? ProductListScreen,
      "makeProductList(onSelect:) should return a ProductListScreen."
    )
    await screen.viewModel.load()

    #expect(
      catalog.productRequests == 1,
      """
      The list should load through the catalog the factory was given; that fake was asked \
      \(catalog.productRequests) times, and the list's state is \(screen.viewModel.state). Does \
      the factory pass `dependencies.catalog` to ProductListViewModel?
      """
    )
    #expect(
      screen.viewModel.products == [Sample.keyboard, Sample.mug],
      """
      The list should show the fake catalog's two products; its state is \
      \(screen.viewModel.state).
      """
    )
  }

  @Test("Picking a product is counted by the container's analytics and handed to onSelect")
  func pickIsTrackedAndHandedOn() throws {
    let analytics = SpyAnalytics()
    let dependencies = StubCatalogDependencies(catalog: FakeCatalog(), analytics: analytics)
    let factory = makeCatalogFactory(dependencies: dependencies, market: .eu)
    let picks = Picks()

    let screen = try #require(
      factory.makeProductList(onSelect: picks.record) as? ProductListScreen,
      "makeProductList(onSelect:) should return a ProductListScreen."
    )
    screen.viewModel.select(Sample.mug)

    #expect(
      analytics.events == [.productSelected(Sample.mug.id)],
      """
      The pick should be counted by the analytics the factory was given; it recorded \
      \(analytics.events). Does the factory pass `dependencies.analytics` to the view model?
      """
    )
    #expect(
      picks.products == [Sample.mug],
      "The pick should reach the `onSelect` passed to the factory; it received \(picks.products)."
    )
  }

  @Test("Every call builds a new list with a new view model")
  func everyCallBuildsANewList() throws {
    let dependencies = StubCatalogDependencies(catalog: FakeCatalog(), analytics: SpyAnalytics())
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
      A screen is transient: each call should build a new screen and view model. The factory \
      returned the same one twice; does it keep screens it built before?
      """
    )
  }
}
