import Lesson05PropertyWrapper
import Testing

@Suite("Task 3 — Resolve on the first read, once per owner")
struct Task3Tests {
  @MainActor
  @Test("Creating the coordinator resolves nothing")
  func creatingResolvesNothing() async {
    let routers = FactoryLog<SpyRouter>()
    let analytics = FactoryLog<SpyAnalytics>()
    let container = makeTestContainer()
    container.register((any Router).self) { routers.make { SpyRouter() } }
    container.register((any Analytics).self) { analytics.make { SpyAnalytics() } }

    // NB: Nothing reads the coordinator's properties here, so a lazy wrapper resolves nothing.
    let coordinator = await Container.withCurrent(container) { AccountCoordinator() }

    #expect(
      routers.count == 0 && analytics.count == 0,
      """
      Creating the coordinator should not run any factory yet; the router factory ran \
      \(routers.count) times and the analytics factory \(analytics.count) times. Resolve when \
      the property is first read, not in the wrapper's init.
      """
    )
    withExtendedLifetime(coordinator) {}
  }

  @MainActor
  @Test("The first use resolves the router once; later uses reuse that instance")
  func firstReadResolvesOnceAndKeeps() async throws {
    let routers = FactoryLog<SpyRouter>()
    let analytics = FactoryLog<SpyAnalytics>()
    let container = makeTestContainer()
    container.register((any Router).self) { routers.make { SpyRouter() } }
    container.register((any Analytics).self) { analytics.make { SpyAnalytics() } }

    let analyticsResolvedAfterStart = await Container.withCurrent(container) {
      let coordinator = AccountCoordinator()
      coordinator.start()
      let analyticsResolvedAfterStart = analytics.count
      coordinator.showSettings()
      coordinator.start()
      return analyticsResolvedAfterStart
    }

    #expect(
      analyticsResolvedAfterStart == 0,
      """
      start() uses only the router, so the analytics factory should not have run yet; it ran \
      \(analyticsResolvedAfterStart) times. A property that is never read should never resolve.
      """
    )
    #expect(
      routers.count == 1,
      """
      Three uses of the router should resolve it once and keep it; the router factory ran \
      \(routers.count) times. Store the service the first read resolves, and return it on \
      later reads.
      """
    )
    let router = try #require(routers.instances.first, "The coordinator never resolved its router.")
    #expect(
      router.destinations == [.profile, .settings, .profile],
      "The one router should have received every navigation; it received \(router.destinations)."
    )
    #expect(
      analytics.count == 1,
      "showSettings() should resolve the analytics once; it ran \(analytics.count) times.")
  }

  @MainActor
  @Test("Each coordinator resolves and keeps its own router")
  func eachOwnerHasItsOwnInstance() async {
    let routers = FactoryLog<SpyRouter>()
    let container = makeTestContainer()
    container.register((any Router).self) { routers.make { SpyRouter() } }

    await Container.withCurrent(container) {
      let first = AccountCoordinator()
      let second = AccountCoordinator()
      first.start()
      second.showSettings()
      first.start()
    }

    #expect(
      routers.count == 2,
      """
      The router is registered with a factory, so each coordinator should get its own \
      instance: the factory should run twice; it ran \(routers.count) times. \
      \(routers.count > 2 ? storeFirstRead : keepPerOwner)
      """
    )
    #expect(
      routers.instances.map(\.destinations) == [[.profile, .profile], [.settings]],
      """
      The first coordinator's router should have shown [profile, profile] and the second's \
      [settings]; they showed \(routers.instances.map(\.destinations)).
      """
    )
  }
}

/// Advice when a factory ran more often than once per owner: nothing is kept.
private let storeFirstRead = """
  That is more than once per coordinator, so later reads resolved again: store what the \
  first read resolved, in that owner's wrapper, and return it on later reads.
  """

/// Advice when a factory ran less often than once per owner: owners share what they resolved.
private let keepPerOwner = """
  That is fewer than once per coordinator, so they share what one of them resolved: keep \
  the resolved service in the wrapper of one owner, not in a cache shared by every owner.
  """
