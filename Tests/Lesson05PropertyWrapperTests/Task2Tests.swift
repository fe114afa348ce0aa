import Dispatch
import Foundation
import KataTestSupport
import Lesson05PropertyWrapper
import Synchronization
import Testing

@Suite("Task 2 — Give each test its own container")
struct Task2Tests {
  @Test("Inside withCurrent the test's container is current; afterwards the app's is again")
  func scopeStartsAndEnds() async {
    let container = makeTestContainer()

    let inside = await Container.withCurrent(container) { Container.current === container }

    #expect(
      inside,
      "Inside withCurrent(_:operation:), Container.current should be the container passed in.")
    #expect(
      Container.current === Container.shared,
      """
      After withCurrent(_:operation:) returns, Container.current should be the app's container \
      again; the test's container is still current, so it would leak into the next test.
      """
    )
  }

  @Test("A nested scope wins inside it, and the outer scope's container comes back after it")
  func nestedScopes() async {
    let outer = makeTestContainer()
    let inner = makeTestContainer()

    let (sawInner, sawOuterAgain) = await Container.withCurrent(outer) {
      let sawInner = await Container.withCurrent(inner) { Container.current === inner }
      return (sawInner, Container.current === outer)
    }

    #expect(sawInner, "Inside a nested withCurrent, the inner container should be current.")
    #expect(
      sawOuterAgain,
      "After a nested withCurrent returns, the outer container should be current again.")
  }

  @Test("Two tests running at the same time each see only their own fakes")
  func parallelScopesAreIsolated() async {
    let bothInside = Checkpoint(expecting: 2)
    let bothRead = Checkpoint(expecting: 2)

    async let flagOn = readNewCheckoutFlag(enabled: true, bothInside, bothRead)
    async let flagOff = readNewCheckoutFlag(enabled: false, bothInside, bothRead)
    let (on, off) = await (flagOn, flagOff)

    #expect(
      on.overlapped && off.overlapped,
      """
      The two scopes should be open at the same time, as two tests running in parallel are; \
      one waited 5 seconds for the other. Does withCurrent(_:operation:) let only one scope \
      run at a time?
      """
    )
    #expect(
      on.answer == true && off.answer == false,
      """
      Each scope's gate should answer from that scope's flag store (on: true, off: false); \
      they answered on: \(on.answer), off: \(off.answer). \(leakCause(on, off))
      """
    )
    #expect(
      on.store.questionCount == 1 && off.store.questionCount == 1,
      """
      Each scope's flag store should be asked once, by its own gate; they were asked \
      \(on.store.questionCount) and \(off.store.questionCount) time(s). \(leakCause(on, off))
      """
    )
  }

  @Test("A task started inside the scope inherits the test's container")
  func childTaskInherits() async {
    let container = makeTestContainer()

    let seen = await Container.withCurrent(container) {
      await Task { Container.current === container }.value
    }

    #expect(seen, "A Task { } started inside withCurrent should see the test's container.")
  }

  @Test("A detached task escapes the scope and sees the app's container")
  func detachedTaskEscapes() async {
    let container = makeTestContainer()

    let seenApp = await Container.withCurrent(container) {
      await Task.detached { Container.current === Container.shared }.value
    }

    #expect(
      seenApp,
      """
      A Task.detached inherits nothing from the task that starts it, so inside it \
      Container.current should be the app's container; it saw the test's. The override is \
      global, not bound to the test's task.
      """
    )
  }

  @Test("A plain thread started inside a scope sees the app's container, not any test's")
  func threadInsideAScopeSeesTheApp() async {
    let mine = makeTestContainer()
    let others = makeTestContainer()
    let otherOpen = Signal()
    let otherMayClose = Signal()
    // NB: another test's scope stays open while this one starts its thread.
    async let otherScope: Bool = Container.withCurrent(others) {
      otherOpen.fire()
      return await otherMayClose.arrived()
    }
    _ = await otherOpen.arrived()

    let seen = await Container.withCurrent(mine) { await runOffPool { Container.current }.value }
    otherMayClose.fire()
    _ = await otherScope

    #expect(
      seen === Container.shared,
      """
      A Thread is not a Swift task, so it inherits no task-local value: started inside a \
      test's scope, it should see the app's container. It saw \
      \(describe(seen, mine: mine, others: others)). \
      A value that reaches threads is a global one, and a global is shared by every test \
      running at that moment. Owners created in the scope keep its container anyway (Task 4).
      """
    )
  }

  @Test(
    "While a test's scope is open, code outside it sees the app's container",
    // NB: one case at a time, so no other case's scope opens or closes during a read.
    .serialized, arguments: [Escape.thread, .detachedTask, .mainQueueCallback, .mainActorTask])
  func codeOutsideAnOpenScopeSeesTheApp(escape: Escape) async {
    let container = makeTestContainer()
    let open = Signal()
    let mayClose = Signal()
    async let scope: Bool = Container.withCurrent(container) {
      open.fire()
      return await mayClose.arrived()
    }
    _ = await open.arrived()

    let seen: Container? =
      switch escape {
      case .thread: await runOffPool { Container.current }.value
      case .detachedTask: await Task.detached { Container.current }.value
      case .mainQueueCallback, .mainActorTask: await currentOnTheMainThread(escape)
      }
    mayClose.fire()
    _ = await scope

    #expect(
      seen === Container.shared,
      """
      A \(escape) started outside any scope, while a test's scope was open, should see the \
      app's container; it saw \(describe(seen, test: container)). \
      The test's container must belong to the test's task, not to a global that everything \
      running at that moment reads, on the main thread or any other.
      """
    )
  }
}

/// Which container a thread saw, in the learner's words.
private func describe(_ seen: Container?, mine: Container, others: Container) -> String {
  if seen === mine { return "this test's container" }
  if seen === others { return "another test's container, whose scope was open at the same time" }
  return "no container it could return"
}

/// Which container code outside a scope saw, in the learner's words.
private func describe(_ seen: Container?, test: Container) -> String {
  if seen === test { return "the test's container" }
  if seen == nil {
    return "nothing: the main queue did not run it within 5 seconds (not your code's fault)"
  }
  return "another one"
}

/// Where code runs that is not a child of the test's task.
enum Escape: Sendable, CustomStringConvertible {
  case thread
  case detachedTask
  /// A `DispatchQueue.main.async` callback, the way UIKit and older APIs call back.
  case mainQueueCallback
  /// A `Task { @MainActor in … }` started by code that runs in no task (a plain thread).
  case mainActorTask

  var description: String {
    switch self {
    case .thread: "plain Thread"
    case .detachedTask: "Task.detached"
    case .mainQueueCallback: "DispatchQueue.main callback"
    case .mainActorTask: "main-actor task"
    }
  }
}

/// `Container.current` as read by a main-queue callback or a main-actor task that a plain
/// thread starts, so that it belongs to no test's task; `nil` if the main queue did not run
/// it within 5 seconds.
///
/// NB: Swift Testing's runner services the main queue on Linux and on macOS (its `@MainActor`
/// tests run there), so the read comes in milliseconds; the bound only keeps a runner that
/// does not from freezing the test. On Linux the main queue's work does not run on the thread
/// Foundation calls main (`Thread.isMainThread` is false there), so a wrapper that helps "the
/// main thread" with a global is caught on Linux only if it checks the main queue itself.
private func currentOnTheMainThread(_ escape: Escape) async -> Container? {
  let outcome = await runOffPool(timeLimit: .seconds(6)) { () -> Container? in
    let seen = SeenOnMain()
    let read = Signal()
    let record: @Sendable () -> Void = {
      seen.record(Container.current)
      read.fire()
    }
    if escape == .mainQueueCallback {
      DispatchQueue.main.async(execute: record)
    } else {
      Task { @MainActor in record() }
    }
    return read.wait(upTo: .seconds(5)) ? seen.container : nil
  }
  return outcome.value ?? nil
}

/// What a read on the main queue saw.
private final class SeenOnMain: Sendable {
  private let seen = Mutex<Container?>(nil)

  func record(_ container: Container) { seen.withLock { $0 = container } }

  var container: Container? { seen.withLock { $0 } }
}

/// What one scope of the parallel test saw.
private struct ScopeReport: Sendable {
  let store: FakeFlagStore
  let answer: Bool
  let overlapped: Bool
  /// Whether `Container.current` was this scope's container while the other scope was open.
  let sawOwnContainer: Bool
}

/// Why a scope's gate may have answered from the other scope's store.
private func leakCause(_ first: ScopeReport, _ second: ScopeReport) -> String {
  if first.sawOwnContainer && second.sawOwnContainer {
    return """
      Each scope's Container.current was its own container, so the leak is in the wrapper: \
      does it share resolved services between owners, in a static cache keyed by type? Keep \
      what a wrapper resolved in that one wrapper (Task 3).
      """
  }
  return """
    Inside one scope, Container.current was the other scope's container: a single global \
    override is seen by every test running at the same time. Each test's container should \
    belong to that test's own task. (If your container is already task-local, check that \
    your wrapper does not share resolved services between owners, in a static cache.)
    """
}

/// Opens a scope whose flag store turns `new_checkout` on or off, waits until the other scope
/// is open too, then reads the flag through a new gate and waits again before closing.
private func readNewCheckoutFlag(
  enabled: Bool,
  _ bothInside: Checkpoint,
  _ bothRead: Checkpoint
) async -> ScopeReport {
  let store = FakeFlagStore(enabled: enabled ? ["new_checkout"] : [])
  let container = makeTestContainer()
  container.register((any FeatureFlagStore).self) { store }
  return await Container.withCurrent(container) {
    let metInside = await bothInside.arrive()
    let sawOwnContainer = Container.current === container
    let answer = FeatureGate().isEnabled("new_checkout")
    let metAfterReading = await bothRead.arrive()
    return ScopeReport(
      store: store,
      answer: answer,
      overlapped: metInside && metAfterReading,
      sawOwnContainer: sawOwnContainer
    )
  }
}
