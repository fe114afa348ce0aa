import Lesson06Factories
import Testing

@Suite("Task 2 — Let the coordinator ask a factory")
@MainActor
struct Task2Tests {
  @Test("start() pushes exactly the product list the factory built")
  func startPushesTheFactorysList() throws {
    let factory = MockCatalogFactory()
    let navigator = RecordingNavigator()
    let coordinator = makeCatalogCoordinator(factory: factory, navigator: navigator)

    coordinator.start()

    #expect(
      factory.listScreens.count == 1,
      """
      start() should ask the factory for the product list once; it asked \
      \(factory.listScreens.count) times. Does the coordinator still build the screen itself?
      """
    )
    let list = try #require(
      factory.listScreens.first, "start() should ask the factory for the product list.")
    #expect(
      navigator.steps.count == 1 && navigator.pushed.first === list,
      """
      start() should push the very screen the factory returned, and nothing else; the \
      navigator saw \(navigator.steps.count) step(s), pushing \(navigator.pushed.map(\.title)).
      """
    )
  }

  @Test("The coordinator keeps its factory and navigator, and no service")
  func coordinatorHoldsNoService() {
    // NB: a real factory, holding services: the coordinator may keep it, and the search
    // never looks inside it.
    let factory = makeCatalogFactory(
      dependencies: StubCatalogDependencies(catalog: FakeCatalog(), analytics: SpyAnalytics()),
      market: .eu
    )
    let coordinator = makeCatalogCoordinator(factory: factory, navigator: RecordingNavigator())

    let services = storedServices(in: coordinator)

    #expect(
      services.isEmpty,
      """
      A coordinator decides when to show a screen; the factory knows what goes in it. This \
      coordinator still stores services or a container, at \(services). Remove them: it only \
      passed them on. Keep the factory and the navigator.
      """
    )
  }
}
