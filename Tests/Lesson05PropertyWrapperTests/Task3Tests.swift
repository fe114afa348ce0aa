import Lesson05PropertyWrapper
import Synchronization
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
      \(routers.count) time(s) and the analytics factory \(analytics.count) time(s). An owner \
      that is only created has read nothing yet, so nothing should be resolved.
      """
    )
    withExtendedLifetime(coordinator) {}
  }

  @MainActor
  @Test("An owner created outside any test's scope resolves nothing until its first read")
  func ownerOfTheAppContainerResolvesOnItsFirstRead() {
    // NB: the app's container keeps building a live router on every resolve, as
    // Container.live() registers it, so other tests see no change; only the routers built for
    // this test's own task are counted.
    Container.shared.register((any Router).self) {
      AppRouters.built?.increment()
      return LiveRouter()
    }
    let built = Tally()

    let (builtAtCreation, builtAfterUse) = AppRouters.$built.withValue(built) {
      let coordinator = AccountCoordinator()
      let builtAtCreation = built.count
      coordinator.start()
      coordinator.start()
      return (builtAtCreation, built.count)
    }

    #expect(
      builtAtCreation == 0,
      """
      A coordinator created outside any test's scope, so with the app's Container.shared, \
      ran the router factory \(builtAtCreation) time(s) when it was created; it should run \
      none until the first read, as with a test's container. The app's container is not \
      complete at launch either: a root coordinator stored in the AppDelegate is created \
      before didFinishLaunching registers its services. Resolve on the first read, whichever \
      container the owner remembers.
      """
    )
    let advice =
      builtAfterUse == 0
      ? "Zero: the coordinator asked another container, one a test's scope left (see Task 2)."
      : "Store what the first read resolved, and return it on later reads."
    #expect(
      builtAfterUse == 1,
      """
      Two uses of that coordinator should resolve its router once from Container.shared; \
      the app's router factory ran \(builtAfterUse) time(s) in all. \(advice)
      """
    )
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
      \(analyticsResolvedAfterStart) time(s). A property that is never read should never resolve.
      """
    )
    #expect(
      routers.count == 1,
      """
      Three uses of the router should resolve it once and keep it; the router factory ran \
      \(routers.count) time(s). Store the service the first read resolves, and return it on \
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
      "showSettings() should resolve the analytics once; it ran \(analytics.count) time(s).")
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
      instance: the factory should run twice; it ran \(routers.count) time(s). \
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

  @MainActor
  @Test("The wrapper keeps what it resolved even when nothing else holds it")
  func keepsAServiceNothingElseHolds() async {
    let journal = Journal()
    let built = Tally()
    let container = makeTestContainer()
    // NB: nothing in the test keeps the routers: only the coordinators' wrappers can.
    container.register((any Router).self) {
      built.increment()
      return NumberedRouter(number: built.count, journal: journal)
    }

    await Container.withCurrent(container) {
      let first = AccountCoordinator()
      let second = AccountCoordinator()
      first.start()
      second.start()
      first.showSettings()
      second.start()
    }

    #expect(
      built.count == 2 && journal.entries == ["1 profile", "2 profile", "1 settings", "2 profile"],
      """
      Two coordinators, four navigations: the router factory should run once per \
      coordinator, and each coordinator's router should receive its own navigations \
      ["1 profile", "2 profile", "1 settings", "2 profile"]. The factory ran \(built.count) \
      time(s) and the routers received \(journal.entries). A wrapper that holds its service \
      weakly loses it as soon as nothing else holds it, and resolves a new one on the next \
      read; keep a strong reference for as long as the owner lives.
      """
    )
  }

  @MainActor
  @Test("Creating a profile screen resolves nothing; its first load uses what is registered then")
  func screenResolvesOnItsFirstLoad() async {
    let placeholder = StubProfileService(answer: .success(Profile(id: "1", displayName: "Nobody")))
    let grace = Profile(id: "7", displayName: "Grace Hopper")
    let profiles = StubProfileService(answer: .success(grace))
    let analytics = FactoryLog<SpyAnalytics>()
    let container = makeTestContainer()
    container.register((any ProfileService).self) { placeholder }
    container.register((any Analytics).self) { analytics.make { SpyAnalytics() } }

    let (resolvedAtCreation, state) = await Container.withCurrent(container) {
      let screen = ProfileScreen(userID: "7")
      let resolvedAtCreation = analytics.count
      container.register((any ProfileService).self) { profiles }
      await screen.load()
      return (resolvedAtCreation, screen.state)
    }

    #expect(
      resolvedAtCreation == 0,
      """
      Creating the profile screen ran the analytics factory \(resolvedAtCreation) time(s); it \
      should run none until the screen first reads its analytics. Read the services \
      through @Injected properties, which resolve on the first read, not in the screen's init.
      """
    )
    #expect(
      state == .loaded(grace) && profiles.requestedIDs == ["7"] && placeholder.requestedIDs.isEmpty,
      """
      A profile service registered after the screen was created, before its first load, \
      should be the one it asks; the screen shows \(state), the new service was asked \
      \(profiles.requestedIDs) and the placeholder \(placeholder.requestedIDs).
      """
    )
  }

  @MainActor
  @Test("A registration replaced after the first read does not change what the owner read")
  func replacedRegistrationKeepsWhatWasRead() async {
    let first = SpyRouter()
    let replacement = SpyRouter()
    let container = makeTestContainer()
    container.register((any Router).self) { first }

    await Container.withCurrent(container) {
      let coordinator = AccountCoordinator()
      coordinator.start()
      container.register((any Router).self) { replacement }
      container.register((any Analytics).self) { SpyAnalytics() }
      coordinator.showSettings()
    }

    #expect(
      first.destinations == [.profile, .settings] && replacement.destinations.isEmpty,
      """
      A coordinator read its router, then the router's registration was replaced, then it \
      navigated again. Its first router should have received both navigations [profile, \
      settings]; it received \(first.destinations) and the replacement \
      \(replacement.destinations). A registration made before the first read is honoured; \
      after it, the owner keeps what it got: later reads return the same instance, whatever \
      the container learns meanwhile.
      """
    )
  }

  @Test("A thousand owners, created and dropped one after another, each resolve their own")
  func everyNewOwnerResolvesItsOwn() async {
    let built = Tally()
    let container = makeTestContainer()
    container.register((any Analytics).self) {
      built.increment()
      return SpyAnalytics()
    }

    // NB: each probe is dropped before the next is created, so a new one often lives at the
    // address of the one before it.
    let reused = await Container.withCurrent(container) {
      var reused = 0
      for index in 0..<1000 {
        let probe = AnalyticsProbe()
        probe.analytics.track("probe \(index)")
        if let spy = probe.analytics as? SpyAnalytics, spy.events != ["probe \(index)"] {
          reused += 1
        }
      }
      return reused
    }

    #expect(
      built.count == 1000 && reused == 0,
      """
      A thousand owners were created in one container, each read its analytics once and was \
      dropped before the next was created. The analytics factory should have run 1000 times, \
      once per owner; it ran \(built.count) time(s), and \(reused) owner(s) got an analytics \
      another owner had already used. What a wrapper resolved belongs to that owner and goes \
      with it: a table outside the wrapper, keyed by an object's identity or address, hands a \
      new owner at a reused address the service of one that is gone (and keeps every service \
      it ever resolved alive).
      """
    )
  }
  @Test(
    "An owner dropped after its first read takes what it resolved with it",
    arguments: [ProbeOwner.analyticsProbe, .featureGate])
  func droppedOwnerReleasesItsService(owner: ProbeOwner) async {
    let built = WeakReferences()
    let container = makeTestContainer()
    // NB: nothing in the test keeps what the factories build: only the owner's wrapper may.
    container.register((any Analytics).self) { built.keep(SpyAnalytics()) }
    container.register((any FeatureFlagStore).self) {
      built.keep(FakeFlagStore(enabled: ["new_checkout"]))
    }

    await Container.withCurrent(container) {
      switch owner {
      case .analyticsProbe: AnalyticsProbe().analytics.track("probe_read")
      case .featureGate: _ = FeatureGate().isEnabled("new_checkout")
      }
    }

    #expect(
      built.count == 1 && built.alive == 0,
      """
      \(owner) read its \(owner.service) once and was dropped, while its container lived on. \
      The factory should have run once and the \(owner.service) it built should be gone with \
      the owner; the factory ran \(built.count) time(s) and \(built.alive) instance(s) are still \
      alive. Something besides the owner's wrapper keeps what the wrapper resolved: a table \
      in the container or in a static, keyed by property or by owner, keeps every service \
      every owner ever resolved. Keep the service in the wrapper, and nowhere else.
      """
    )
    withExtendedLifetime(container) {}
  }
}

/// An owner of the dropped-owner test, and the service it reads.
enum ProbeOwner: Sendable, CustomStringConvertible {
  case analyticsProbe
  case featureGate

  var description: String {
    switch self {
    case .analyticsProbe: "An owner declared in the tests"
    case .featureGate: "A FeatureGate"
    }
  }

  var service: String {
    switch self {
    case .analyticsProbe: "analytics"
    case .featureGate: "flag store"
    }
  }
}

/// Weak references to every instance a factory built, to see which are still alive.
private final class WeakReferences: Sendable {
  private struct Entry {
    weak var object: AnyObject?
  }

  private let entries = Mutex<[Entry]>([])

  /// Records a weak reference to `object` and returns it.
  func keep<Object: AnyObject & Sendable>(_ object: Object) -> Object {
    entries.withLock { $0.append(Entry(object: object)) }
    return object
  }

  var count: Int { entries.withLock { $0.count } }
  var alive: Int { entries.withLock { $0.compactMap(\.object).count } }
}

/// Every navigation of every ``NumberedRouter``, in order, as "number destination".
private final class Journal: Sendable {
  private let recorded = Mutex<[String]>([])

  func record(_ entry: String) { recorded.withLock { $0.append(entry) } }

  var entries: [String] { recorded.withLock { $0 } }
}

/// A router that writes its navigations, under its number, to a journal it does not own.
private final class NumberedRouter: Router {
  private let number: Int
  private let journal: Journal

  init(number: Int, journal: Journal) {
    self.number = number
    self.journal = journal
  }

  func show(_ destination: Destination) {
    journal.record("\(number) \(destination)")
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

/// Counts the routers that the app's container builds for the task that binds a tally.
private enum AppRouters {
  @TaskLocal static var built: Tally?
}
