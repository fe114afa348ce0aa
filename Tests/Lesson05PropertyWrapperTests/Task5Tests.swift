import Foundation
import KataTestSupport
import Lesson05PropertyWrapper
import Synchronization
import Testing

@Suite("Task 5 — Resolve exactly once when many threads read at once")
struct Task5Tests {
  @Test("A hundred threads making the first read at once resolve the flag store exactly once")
  func concurrentFirstReadResolvesOnce() async throws {
    let (gate, stores) = try await gateWithUnreadFlagStore(takingToMake: .milliseconds(20))

    let yes = Tally()
    let finished = await runConcurrently(100) { _ in
      if gate.isEnabled("new_checkout") { yes.increment() }
    }

    #expect(
      finished, "The hundred reads did not finish within 10 seconds: is a thread stuck waiting?")
    #expect(
      stores.count == 1,
      """
      A hundred threads made the first read at the same moment, and the flag store factory \
      (which takes 20 ms) should have run exactly once; it ran \(stores.count) time(s). \
      More than once: several threads saw "not resolved yet" and each resolved; let the first \
      resolve while the others wait for its result. Zero: the threads read another container \
      (see Task 4).
      """
    )
    #expect(
      yes.count == 100,
      "Every thread should have been told new_checkout is on; \(yes.count) of 100 were.")
    #expect(
      stores.instances.map(\.questionCount) == [100],
      """
      Every thread should have asked the same store, once each; the stores built were asked \
      \(stores.instances.map(\.questionCount)) time(s).
      """
    )
  }

  @Test("A hundred threads making the first read of another owner's property resolve it once")
  func concurrentFirstReadOfAnotherOwnerResolvesOnce() async throws {
    let trackers = FactoryLog<SpyAnalytics>(delay: .milliseconds(20))
    let container = makeTestContainer()
    container.register((any Analytics).self) { trackers.make { SpyAnalytics() } }
    // NB: an owner the tests declare, not FeatureGate: every @Injected property must resolve
    // once, whichever type owns it.
    let probe = await Container.withCurrent(container) { AnalyticsProbe() }
    try #require(
      trackers.count == 0,
      """
      Creating the probe already resolved its analytics, so no thread can race the first \
      read. Finish Task 3 first: resolve on the first read.
      """
    )

    let finished = await runConcurrently(100) { index in
      probe.analytics.track("read \(index)")
    }

    #expect(
      finished, "The hundred reads did not finish within 10 seconds: is a thread stuck waiting?")
    #expect(
      trackers.count == 1 && trackers.instances.map(\.events.count) == [100],
      """
      A hundred threads made the first read of one owner's @Injected analytics at the same \
      moment, and its factory (which takes 20 ms) should have run exactly once, with every \
      thread tracking on that one analytics; it ran \(trackers.count) time(s), and the \
      instances built received \(trackers.instances.map(\.events.count)) event(s). The owner \
      here is not FeatureGate: resolving exactly once is the wrapper's job, for every owner, \
      not something one owner adds around its own reads.
      """
    )
  }

  @Test("Two owners making their first reads at the same time each resolve their own")
  func twoOwnersReadingAtOnceResolveTheirOwn() async {
    let entered = Signal()
    let release = Signal()
    let secondDone = Signal()
    let secondReader = WatchedThreads()
    let runs = Tally()
    let built = FactoryLog<SpyAnalytics>()
    let container = makeTestContainer()
    let (first, second) = await Container.withCurrent(container) {
      (AnalyticsProbe(), AnalyticsProbe())
    }
    container.register((any Analytics).self) {
      runs.increment()
      // NB: the first read stays in flight until the second owner's read has finished or
      // waits for something.
      if runs.count == 1 {
        entered.fire()
        release.wait()
      }
      return built.make { SpyAnalytics() }
    }

    async let firstRead = runOffPool(timeLimit: .seconds(20)) { first.analytics.track("first") }
    let firstStarted = await entered.arrived()
    async let secondRead = runOffPool(timeLimit: .seconds(20)) {
      secondReader.recordCurrent()
      second.analytics.track("second")
      secondDone.fire()
    }
    _ = await runOffPool(timeLimit: .seconds(10)) {
      waitUntilDoneOrParked(secondReader, done: secondDone, upTo: .seconds(5))
    }
    release.fire()
    let outcomes = await (firstRead, secondRead)

    #expect(
      firstStarted, "The first owner's analytics factory never ran: see Tasks 3 and 4.")
    #expect(
      outcomes.0.didFinish && outcomes.1.didFinish,
      "The two first reads did not both finish once the first factory was released.")
    #expect(
      built.count == 2 && built.instances.map(\.events) == [["second"], ["first"]],
      """
      Two owners in one container made their first reads of their analytics at the same \
      time: the second while the first owner's factory was still running. Each owner should \
      resolve its own, so the factory should have built two analytics, the second owner's \
      first; it built \(built.count), which received \(built.instances.map(\.events)). One \
      analytics for both: the second read waited for the first owner's resolution and kept \
      its result. A first read in flight belongs to its own property: only readers of that \
      one owner's property wait for it, never a first read that another owner makes \
      meanwhile, of the same service in the same container.
      """
    )
  }

  @Test("Readers wait for a first read however slow its factory, and it runs once")
  func slowFirstReadRunsOnceForEveryWaitingReader() async throws {
    let (gate, stores) = try await gateWithUnreadFlagStore(takingToMake: .milliseconds(1500))

    let finished = await runConcurrently(3) { _ in _ = gate.isEnabled("new_checkout") }

    #expect(finished, "Three reads did not finish within 10 seconds: is a thread stuck?")
    #expect(
      stores.count == 1,
      """
      Three threads made the first read at once, and the flag store factory took 1.5 s; it \
      ran \(stores.count) time(s), expected once. A reader that stops waiting after a while \
      and resolves on its own builds a second store: the others wait for the first read, \
      however long it takes.
      """
    )
  }

  @Test(
    "A slow first read does not delay the first read of an unrelated property",
    arguments: [Slow.flagStore, .analytics])
  func slowFactoryDelaysNothingUnrelated(slow: Slow) async {
    let entered = Signal()
    let release = Signal()
    let analytics = SpyAnalytics()
    let container = makeTestContainer()
    // NB: the owners exist before the slow factories are registered, so a wrapper that still
    // resolves when its owner is created never blocks the test's own thread.
    let (gate, probe) = await Container.withCurrent(container) { (FeatureGate(), AnalyticsProbe()) }
    container.register((any FeatureFlagStore).self) {
      if slow == .flagStore {
        entered.fire()
        release.wait()
      }
      return FakeFlagStore(enabled: ["new_checkout"])
    }
    container.register((any Analytics).self) {
      if slow == .analytics {
        entered.fire()
        release.wait()
      }
      return analytics
    }
    let readGate: @Sendable () -> Bool = { gate.isEnabled("new_checkout") }
    let readAnalytics: @Sendable () -> Bool = {
      probe.analytics.track("probe_read")
      return true
    }

    // One thread starts the slow first read and stays inside its factory until released.
    async let slowRead = runOffPool(timeLimit: .seconds(20)) {
      slow == .flagStore ? readGate() : readAnalytics()
    }
    let slowStarted = await entered.arrived()
    let unrelated = await runOffPool(timeLimit: .seconds(3)) {
      slow == .flagStore ? readAnalytics() : readGate()
    }
    release.fire()
    let slowOutcome = await slowRead

    #expect(
      slowStarted,
      """
      The \(slow) factory registered after the owner was created never ran: the first read \
      did not resolve it (see Tasks 3 and 4).
      """
    )
    #expect(
      unrelated.didFinish,
      """
      While the \(slow) factory was still running on one thread, the first read of an \
      unrelated property (\(slow.other)) on another thread did not finish within 3 seconds: \
      it waited for the slow factory. Every property resolves on its own: a lock shared by \
      all wrappers, recursive or not, makes one slow factory block the whole app.
      """
    )
    #expect(slowOutcome.didFinish, "The slow read never finished after its factory was released.")
  }

  @Test("A slow first read of one gate does not delay another gate's first read")
  func slowGateDelaysNoOtherGate() async {
    let entered = Signal()
    let release = Signal()
    let slowContainer = makeTestContainer()
    slowContainer.register((any FeatureFlagStore).self) {
      entered.fire()
      release.wait()
      return FakeFlagStore(enabled: ["new_checkout"])
    }
    let quickStore = FakeFlagStore(enabled: ["beta_menu"])
    let quickContainer = makeTestContainer()
    quickContainer.register((any FeatureFlagStore).self) { quickStore }
    let slowGate = await Container.withCurrent(slowContainer) { FeatureGate() }
    let quickGate = await Container.withCurrent(quickContainer) { FeatureGate() }

    // One thread stays inside the slow gate's factory until released.
    async let slowRead = runOffPool(timeLimit: .seconds(20)) { slowGate.isEnabled("new_checkout") }
    let slowStarted = await entered.arrived()
    let quick = await runOffPool(timeLimit: .seconds(3)) { quickGate.isEnabled("beta_menu") }
    release.fire()
    let slowOutcome = await slowRead
    let quickSaw =
      quick.didFinish
      ? "answered \(quick.value.map { "\($0)" } ?? "nothing")"
      : "did not finish within 3 seconds"

    #expect(
      slowStarted, "The slow gate's flag store factory never ran: see Tasks 3 and 4.")
    #expect(
      quick.didFinish && quick.value == true && quickStore.questionCount == 1,
      """
      While one gate's flag store factory was still running on one thread, another gate's \
      first read, of the same type of service from another container, on another thread, \
      \(quickSaw). \
      Each property of each owner resolves on its own: a lock shared by every wrapper of one \
      service type makes one owner's slow factory block every other owner of that type.
      """
    )
    #expect(
      slowOutcome.didFinish && slowOutcome.value == true,
      "The slow gate's read never finished after its factory was released.")
  }

  @Test("Two hundred gates' first reads can all be in flight at once")
  func everyPropertysFirstReadRunsOnItsOwn() async {
    let gateCount = 200
    let inFlight = Tally()
    let release = Signal()
    let container = makeTestContainer()
    let gates = await Container.withCurrent(container) {
      (0..<gateCount).map { _ in FeatureGate() }
    }
    container.register((any FeatureFlagStore).self) {
      inFlight.increment()
      // NB: every factory stays in flight until all of them are, or the test gives up.
      release.wait()
      return FakeFlagStore(enabled: ["new_checkout"])
    }

    let answers = Tally()
    async let reads = runConcurrently(gateCount, timeLimit: .seconds(20)) { index in
      if gates[index].isEnabled("new_checkout") { answers.increment() }
    }
    let allInFlight =
      await runOffPool(timeLimit: .seconds(10)) {
        waitUntil(inFlight, reaches: gateCount, upTo: .seconds(5))
      }.value ?? false
    let peak = inFlight.count
    release.fire()
    let finished = await reads

    #expect(
      allInFlight,
      """
      Two hundred gates, on two hundred threads, made their first reads at once, each \
      factory waiting until all of them had started; only \(peak) of the \(gateCount) \
      factories were running after 5 seconds, the others waiting for a lock that another \
      gate's factory held. Only the readers of one property wait for its first read: a lock \
      shared by several properties (one per service type, or a fixed table of locks picked \
      by address or hash) makes unrelated first reads wait for each other, and stops the app \
      when a factory reads a property that shares its lock.
      """
    )
    #expect(
      finished && answers.count == gateCount,
      """
      Once released, the two hundred first reads should all finish and answer true; \
      \(answers.count) did\(finished ? "" : ", and some never finished").
      """
    )
  }

  @Test("A factory that reads, through another property, the one it resolves stops the app")
  func cycleThroughWrappersStops() async {
    let result = await #expect(
      processExitsWith: .failure,
      """
      A flag store's factory read an analytics whose factory read the same gate's flag store: a \
      cycle, on one thread. The process should stop with a message, as it does for a missing \
      registration; it neither stopped nor finished within 5 seconds, so the read waits for \
      itself. Before a read waits for a resolution in flight, ask whether the thread running \
      it is this very thread.
      """
    ) {
      let watchdog = Thread {
        Thread.sleep(forTimeInterval: 5)
        exit(EXIT_SUCCESS)
      }
      watchdog.start()
      let container = makeTestContainer()
      let (gate, probe) = await Container.withCurrent(container) {
        (FeatureGate(), AnalyticsProbe())
      }
      container.register((any FeatureFlagStore).self) {
        probe.analytics.track("flags_loading")
        return FakeFlagStore(enabled: [])
      }
      container.register((any Analytics).self) {
        _ = gate.isEnabled("analytics_v2")
        return SpyAnalytics()
      }
      _ = gate.isEnabled("new_checkout")
      exit(EXIT_SUCCESS)
    }
    // SIGSEGV (SIGBUS on some Macs) is the stack running out: the process stopped, but only
    // because the read and the factories called each other without end.
    if case .signal(let signal) = result?.exitStatus, signal == SIGSEGV || signal == SIGBUS {
      Issue.record(
        """
        A flag store's factory read an analytics whose factory read the same gate's flag \
        store: a cycle, on one thread. The process stopped with signal \(signal), the stack \
        running out: each read found the property not yet resolved and ran its factory \
        again, without end. A read that finds its property already being resolved on this \
        very thread should stop the app with a message instead.
        """
      )
    }
  }

  @Test("A factory that reads another @Injected property while it runs does not deadlock")
  func nestedResolutionDoesNotDeadlock() async {
    let analytics = SpyAnalytics()
    let container = makeTestContainer()
    container.register((any Analytics).self) { analytics }
    let probe = await Container.withCurrent(container) { AnalyticsProbe() }
    container.register((any FeatureFlagStore).self) {
      probe.analytics.track("flags_loaded")
      return FakeFlagStore(enabled: ["new_checkout"])
    }
    let gate = await Container.withCurrent(container) { FeatureGate() }

    let outcome = await runOffPool { gate.isEnabled("new_checkout") }

    #expect(
      outcome.didFinish,
      """
      Reading the gate never finished: its flag store's factory reads another @Injected \
      property, and that read waited for a lock the first read still held. Do not hold one \
      lock for every wrapper while a factory runs.
      """
    )
    #expect(outcome.value == true, "The gate should have answered true for new_checkout.")
    #expect(
      analytics.events == ["flags_loaded"],
      """
      The factory's own @Injected read should have reached the registered analytics; it got \
      \(analytics.events).
      """
    )
  }

  @Test("A factory that reads another owner's property of the same service type is no cycle")
  func factoryReadingAnotherOwnersPropertyOfTheSameTypeIsNoCycle() async {
    await #expect(
      processExitsWith: .success,
      """
      One owner's analytics factory read, on the same thread, another owner's analytics: two \
      properties of one service type, no cycle (the second factory reads nothing). Both reads \
      should finish, each with its own instance; the process stopped (or did not finish \
      within 10 seconds). A cycle is a read of the very property being resolved, not of \
      another property of the same type: keep what detects cycles per property, not per \
      service type.
      """
    ) {
      let watchdog = Thread {
        Thread.sleep(forTimeInterval: 10)
        exit(EXIT_FAILURE)
      }
      watchdog.start()
      let runs = Tally()
      let appAnalytics = SpyAnalytics()
      let container = makeTestContainer()
      let (forwarding, app) = await Container.withCurrent(container) {
        (AnalyticsProbe(), AnalyticsProbe())
      }
      container.register((any Analytics).self) {
        runs.increment()
        guard runs.count == 1 else { return appAnalytics }
        // NB: the first analytics forwards its setup to the other owner's analytics.
        app.analytics.track("forwarding_ready")
        return SpyAnalytics()
      }
      let outcome = await runOffPool { forwarding.analytics.track("launch") }
      let bothResolved = runs.count == 2 && appAnalytics.events == ["forwarding_ready"]
      exit(outcome.didFinish && bothResolved ? EXIT_SUCCESS : EXIT_FAILURE)
    }
  }

  @Test("Two threads that wait in turn for each other's first reads, with no cycle, both finish")
  func waitingInTurnIsNoCycle() async {
    await #expect(
      processExitsWith: .success,
      """
      Two gates, two threads, no cycle: thread B resolved the first gate's flag store while \
      thread A waited for it, then A resolved the second gate's while B waited for it. The \
      process stopped (or did not finish within 10 seconds): a wait that is over, or a \
      resolution that is over, still counted when B began to wait, so B's wait looked like \
      a cycle. Whatever a read records to detect cycles must end with that read.
      """
    ) {
      let watchdog = Thread {
        Thread.sleep(forTimeInterval: 10)
        exit(EXIT_FAILURE)
      }
      watchdog.start()
      let firstEntered = Signal()
      let secondEntered = Signal()
      let runs = Tally()
      let container = makeTestContainer()
      container.register((any FeatureFlagStore).self) {
        runs.increment()
        (runs.count == 1 ? firstEntered : secondEntered).fire()
        // NB: each first read stays in flight a while, so the other thread's read waits.
        Thread.sleep(forTimeInterval: 0.3)
        return FakeFlagStore(enabled: ["new_checkout"])
      }
      let (first, second) = await Container.withCurrent(container) {
        (FeatureGate(), FeatureGate())
      }
      let answers = Tally()
      let done = DispatchGroup()
      done.enter()
      Thread {
        if first.isEnabled("new_checkout") { answers.increment() }
        secondEntered.wait()
        if second.isEnabled("new_checkout") { answers.increment() }
        done.leave()
      }.start()
      done.enter()
      Thread {
        firstEntered.wait()
        if first.isEnabled("new_checkout") { answers.increment() }
        if second.isEnabled("new_checkout") { answers.increment() }
        done.leave()
      }.start()
      done.wait()
      exit(answers.count == 4 && runs.count == 2 ? EXIT_SUCCESS : EXIT_FAILURE)
    }
  }

  @Test("A factory that waits for another thread's first read of another property is no cycle")
  func factoryWaitingForAnotherThreadIsNoCycle() async {
    await #expect(
      processExitsWith: .success,
      """
      Thread B was resolving an analytics; meanwhile thread A read a gate whose flag store's \
      factory reads that same analytics, so A waited for B, inside a factory. No read waits \
      for itself here, yet the process stopped (or did not finish within 10 seconds). \
      A wait inside a factory is a cycle only when the thread it waits for is, through \
      other waits, this very thread.
      """
    ) {
      let watchdog = Thread {
        Thread.sleep(forTimeInterval: 10)
        exit(EXIT_FAILURE)
      }
      watchdog.start()
      let analyticsEntered = Signal()
      let analytics = SpyAnalytics()
      let container = makeTestContainer()
      container.register((any Analytics).self) {
        analyticsEntered.fire()
        // NB: the analytics stays in flight a while, so the flag store's factory waits for it.
        Thread.sleep(forTimeInterval: 0.5)
        return analytics
      }
      let probe = await Container.withCurrent(container) { AnalyticsProbe() }
      container.register((any FeatureFlagStore).self) {
        probe.analytics.track("flags_loaded")
        return FakeFlagStore(enabled: ["new_checkout"])
      }
      let gate = await Container.withCurrent(container) { FeatureGate() }
      let answers = Tally()
      let done = DispatchGroup()
      done.enter()
      Thread {
        probe.analytics.track("launch")
        done.leave()
      }.start()
      done.enter()
      Thread {
        analyticsEntered.wait()
        if gate.isEnabled("new_checkout") { answers.increment() }
        done.leave()
      }.start()
      done.wait()
      exit(answers.count == 1 && analytics.events.count == 2 ? EXIT_SUCCESS : EXIT_FAILURE)
    }
  }

  @Test("Three threads that wait in a chain, with no cycle, all finish")
  func waitingInAChainIsNoCycle() async {
    await #expect(
      processExitsWith: .success,
      """
      Thread C was resolving an analytics; thread A read a gate whose flag store's factory \
      reads that analytics, so A waited for C; then thread B read the same gate, so B waited \
      for A. C waits for nothing, so no read waits for itself, yet the process stopped (or \
      did not finish within 15 seconds). A thread that waits for a resolver which is itself \
      waiting is no cycle by itself: follow the chain (B waits for A, A for C, C for nothing) \
      and stop the app only if it comes back to the reader.
      """
    ) {
      let watchdog = Thread {
        Thread.sleep(forTimeInterval: 15)
        exit(EXIT_FAILURE)
      }
      watchdog.start()
      let armed = Tally()
      let analyticsRuns = Tally()
      let analyticsEntered = Signal()
      let releaseAnalytics = Signal()
      let analytics = SpyAnalytics()
      let container = makeTestContainer()
      container.register((any Analytics).self) {
        analyticsRuns.increment()
        if armed.count > 0 {
          analyticsEntered.fire()
          releaseAnalytics.wait()
        }
        return analytics
      }
      let (gate, probe) = await Container.withCurrent(container) {
        (FeatureGate(), AnalyticsProbe())
      }
      // NB: an owner that resolves when it is created has no first read to wait for; Task 3
      // and this task's other tests fail it, so there is nothing to check here.
      if analyticsRuns.count > 0 { exit(EXIT_SUCCESS) }
      container.register((any FeatureFlagStore).self) {
        probe.analytics.track("flags_loaded")
        return FakeFlagStore(enabled: ["new_checkout"])
      }
      armed.increment()
      let threadA = WatchedThreads()
      let threadB = WatchedThreads()
      let answers = Tally()
      let done = DispatchGroup()
      done.enter()
      Thread {
        probe.analytics.track("launch")
        done.leave()
      }.start()
      done.enter()
      Thread {
        analyticsEntered.wait()
        threadA.recordCurrent()
        if gate.isEnabled("new_checkout") { answers.increment() }
        done.leave()
      }.start()
      done.enter()
      Thread {
        // NB: B reads only once A waits, inside the flag store's factory, for C's analytics.
        waitUntilParked(threadA, count: 1, upTo: .seconds(4))
        threadB.recordCurrent()
        if gate.isEnabled("new_checkout") { answers.increment() }
        done.leave()
      }.start()
      // C's analytics stays in flight until B waits too.
      waitUntilParked(threadB, count: 1, upTo: .seconds(4))
      releaseAnalytics.fire()
      done.wait()
      let allAnswered = answers.count == 2 && analyticsRuns.count == 1
      exit(allAnswered && analytics.events.count == 2 ? EXIT_SUCCESS : EXIT_FAILURE)
    }
  }

  @Test("A wait that is over leaves nothing that a new owner's first read takes for a cycle")
  func finishedWaitLeavesNoFalseCycle() async {
    await #expect(
      processExitsWith: .success,
      """
      Thread T waited for a gate's first read, which another thread made; the wait ended and \
      the gate was dropped. Then T began the first read of gate D, and a hundred threads read \
      a hundred new gates whose factories read D. No read waits for itself, yet the process \
      stopped (or did not finish within 15 seconds). A new gate is often created where a \
      dropped one was, at the same address: if T's finished wait is still recorded, the new \
      gate's reader, waiting for T, seems to wait for itself. Whatever a read records to \
      detect cycles must end with that read, the waits included.
      """
    ) {
      await readNewGatesAfterAFinishedWait()
    }
  }
}

/// Which factory of the independence test is slow.
enum Slow: Sendable, CustomStringConvertible {
  case flagStore
  case analytics

  var description: String {
    switch self {
    case .flagStore: "flag store"
    case .analytics: "analytics"
    }
  }

  /// The unrelated property read meanwhile.
  var other: String {
    switch self {
    case .flagStore: "an analytics"
    case .analytics: "a gate's flag store"
    }
  }
}

/// Waits until the thread recorded in `reader` has finished its read (`done` fired) or is
/// parked inside it, several looks in a row; gives up after `limit`.
///
/// A read that resolves on its own finishes; one that waits for another read in flight parks.
/// Either way the test may then let the read in flight go on.
private func waitUntilDoneOrParked(
  _ reader: WatchedThreads, done: Signal, upTo limit: Duration
) {
  let deadline = Date(timeIntervalSinceNow: limit.seconds)
  while Date() < deadline {
    if done.wait(upTo: .milliseconds(5)) { return }
    if waitUntilParked(reader, count: 1, upTo: .milliseconds(50)) { return }
  }
}

/// Waits until `tally` counts `target`, looking every 2 ms; `false` if `limit` passed first.
private func waitUntil(_ tally: Tally, reaches target: Int, upTo limit: Duration) -> Bool {
  let deadline = Date(timeIntervalSinceNow: limit.seconds)
  while tally.count < target {
    if Date() >= deadline { return false }
    Thread.sleep(forTimeInterval: 0.002)
  }
  return true
}

/// A gate whose flag store, which takes `delay` to make, nobody has read yet; so threads can
/// race its first read.
private func gateWithUnreadFlagStore(
  takingToMake delay: Duration,
  sourceLocation: SourceLocation = #_sourceLocation
) async throws -> (FeatureGate, FactoryLog<FakeFlagStore>) {
  let stores = FactoryLog<FakeFlagStore>(delay: delay)
  let container = makeTestContainer()
  container.register((any FeatureFlagStore).self) {
    stores.make { FakeFlagStore(enabled: ["new_checkout"]) }
  }
  let gate = await Container.withCurrent(container) { FeatureGate() }
  try #require(
    stores.count == 0,
    """
    Creating the gate already resolved its flag store, so no thread can race the first \
    read. Finish Task 3 first: resolve on the first read.
    """,
    sourceLocation: sourceLocation
  )
  return (gate, stores)
}

/// The body of the finished-wait test, run in a child process: see its comment there.
private func readNewGatesAfterAFinishedWait() async {
  let watchdog = Thread {
    Thread.sleep(forTimeInterval: 15)
    exit(EXIT_FAILURE)
  }
  watchdog.start()
  let builtAtCreation = Tally()
  let first = makeTestContainer()
  let later = makeTestContainer()
  for container in [first, later] {
    container.register((any FeatureFlagStore).self) {
      builtAtCreation.increment()
      return FakeFlagStore(enabled: ["new_checkout"])
    }
  }
  let held = GateHolder(await Container.withCurrent(first) { FeatureGate() })
  let laterGate = await Container.withCurrent(later) { FeatureGate() }
  // NB: an owner that resolves when it is created has no first read to wait for; Task 3 and
  // this task's other tests fail it, so there is nothing to check here.
  if builtAtCreation.count > 0 { exit(EXIT_SUCCESS) }
  let firstEntered = Signal()
  let releaseFirst = Signal()
  first.register((any FeatureFlagStore).self) {
    firstEntered.fire()
    releaseFirst.wait()
    return FakeFlagStore(enabled: ["new_checkout"])
  }
  let laterEntered = Signal()
  let releaseLater = Signal()
  later.register((any FeatureFlagStore).self) {
    laterEntered.fire()
    releaseLater.wait()
    return FakeFlagStore(enabled: ["new_checkout"])
  }
  let readers = makeTestContainer()
  readers.register((any FeatureFlagStore).self) {
    _ = laterGate.isEnabled("new_checkout")
    return FakeFlagStore(enabled: ["new_checkout"])
  }

  let answers = Tally()
  let resolverDone = Signal()
  let tWaited = Signal()
  let startLater = Signal()
  let threadT = WatchedThreads()
  let done = DispatchGroup()
  done.enter()
  Thread {
    if held.read() { answers.increment() }
    resolverDone.fire()
    done.leave()
  }.start()
  firstEntered.wait()
  done.enter()
  Thread {
    threadT.recordCurrent()
    if held.read() { answers.increment() }
    tWaited.fire()
    startLater.wait()
    if laterGate.isEnabled("new_checkout") { answers.increment() }
    done.leave()
  }.start()
  // NB: T waits for the first gate's read in flight before that read may end.
  waitUntilParked(threadT, count: 1, upTo: .seconds(4))
  releaseFirst.fire()
  resolverDone.wait()
  tWaited.wait()
  let newGates = await Container.withCurrent(readers) {
    // NB: the last reference to the first gate goes here, and new gates are created right
    // after, on the same thread, so one of them is likely to reuse its memory.
    held.drop()
    return (0..<100).map { _ in FeatureGate() }
  }
  startLater.fire()
  laterEntered.wait()
  let readersOfNewGates = WatchedThreads()
  for gate in newGates {
    done.enter()
    Thread {
      readersOfNewGates.recordCurrent()
      if gate.isEnabled("new_checkout") { answers.increment() }
      done.leave()
    }.start()
  }
  // NB: D's first read stays in flight until every new gate's reader waits for it.
  waitUntilParked(readersOfNewGates, count: newGates.count, upTo: .seconds(5))
  releaseLater.fire()
  done.wait()
  exit(answers.count == 3 + newGates.count ? EXIT_SUCCESS : EXIT_FAILURE)
}

/// Holds a gate that the test drops at a moment it picks; the threads that read it never
/// keep a copy of their own.
private final class GateHolder: Sendable {
  private let gate: Mutex<FeatureGate?>

  init(_ gate: FeatureGate) {
    self.gate = Mutex(gate)
  }

  /// Asks the held gate about new_checkout; `false` once it is dropped.
  func read() -> Bool {
    let gate = gate.withLock { $0 }
    return gate?.isEnabled("new_checkout") ?? false
  }

  func drop() {
    gate.withLock { $0 = nil }
  }
}
