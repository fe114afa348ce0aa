import Lesson06Factories
import Testing

@Suite("Task 2 — Let the coordinator ask a factory")
@MainActor
struct Task2Tests {
  @Test("start() pushes exactly the product list the factory built")
  func startPushesTheFactorysList() throws {
    let factory = SpyCatalogFactory()
    let navigator = RecordingNavigator()
    let coordinator = makeCatalogCoordinator(factory: factory, navigator: navigator)

    #expect(
      factory.listScreens.isEmpty && navigator.steps.isEmpty,
      """
      Before start(), the coordinator already asked the factory for \
      \(factory.listScreens.count) list(s). A coordinator decides *when* a screen appears: \
      a list built ahead is a kept screen, built before anyone looks at it and shown later \
      with whatever state it gathered. Ask the factory in start().
      """
    )
    coordinator.start()

    #expect(
      factory.listScreens.count == 1,
      """
      start() should ask the factory it was given for the product list once; that factory was \
      asked \(factory.listScreens.count) time(s). A coordinator decides when a screen appears; \
      how the screen is built is the factory's business.
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

  @Test("Starting again asks the factory for a new list")
  func startingAgainAsksAgain() throws {
    let factory = SpyCatalogFactory()
    let navigator = RecordingNavigator()
    let coordinator = makeCatalogCoordinator(factory: factory, navigator: navigator)

    coordinator.start()
    coordinator.start()

    #expect(
      factory.listScreens.count == 2 && navigator.pushed.count == 2
        && navigator.pushed.first === factory.listScreens.first
        && navigator.pushed.last === factory.listScreens.last,
      """
      Started twice, the coordinator should ask the factory twice and push each new list; the \
      factory built \(factory.listScreens.map(\.title)) and the navigator pushed \
      \(navigator.pushed.map(\.title)). \(factory.listScreens.isEmpty
        ? "The factory was never asked: the coordinator still builds the list itself."
        : "A screen is transient: a kept one brings back its old state.")
      """
    )
  }

  @Test("The coordinator keeps its factory and navigator, and no service")
  func coordinatorHoldsNoService() {
    // NB: a real factory, holding services: the coordinator may keep it, and the search
    // never looks inside it.
    let factory = makeCatalogFactory(
      dependencies: StubCatalogDependencies(catalog: SpyCatalog(), analytics: SpyAnalytics()),
      market: .eu
    )
    let coordinator = makeCatalogCoordinator(factory: factory, navigator: RecordingNavigator())
    weak var spyFactory: SpyCatalogFactory?
    let another: any Coordinator
    do {
      let spy = SpyCatalogFactory()
      spyFactory = spy
      another = makeCatalogCoordinator(factory: spy, navigator: RecordingNavigator())
    }

    let services = storedServices(in: coordinator)
    let hidden = customMirrors(in: coordinator, named: "coordinator")

    #expect(
      services.isEmpty,
      """
      The coordinator stores services or a container, at \(services). A coordinator that \
      keeps services only to hand them on is a dependency pipeline; the factory it was given \
      already has them.
      """
    )
    #expect(
      hidden.isEmpty,
      """
      The coordinator gives reflection a mirror of its own (CustomReflectable) instead of \
      what it stores, at \(hidden), so no one can see whether it keeps services. A \
      coordinator that holds a factory and a navigator has nothing to hide: let it show \
      what it stores.
      """
    )
    #expect(
      spyFactory != nil,
      """
      Nothing kept the factory passed to makeCatalogCoordinator(factory:navigator:) alive. A \
      coordinator keeps the factory it was given and asks it for every screen it shows.
      """
    )
    withExtendedLifetime(another) {}
  }
}
