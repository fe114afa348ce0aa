import KataTestSupport
import Lesson04Container
import Testing

@Suite("Task 5 — Report a dependency cycle")
struct Task5Tests {
  @Test("A cycle is reported as an error that shows its path")
  func cycleShowsItsPath() async {
    let container = Container()
    registerAuthCycle(in: container, scope: .transient, guard: RunawayGuard())

    let outcome = await resolveOffPool(AuthService.self, from: container)

    #expect(
      isCycle(outcome.error, path: ["AuthService", "SessionStore", "AuthService"]),
      """
      AuthService needs SessionStore, which needs AuthService. Expected \
      ContainerError.cycle(path: ["AuthService", "SessionStore", "AuthService"]); but \
      \(outcome.summary). Keep the chain of services this resolve is building, and throw \
      when the next one is already on it.
      """
    )
  }

  @Test("A service that needs itself is reported as a cycle of one")
  func selfDependencyIsACycle() async {
    let container = Container()
    let runaway = RunawayGuard()
    container.register(RetryPolicy.self) { resolver in
      try runaway.tick()
      return RetryPolicy(fallback: try resolver.resolve(RetryPolicy.self))
    }

    let outcome = await resolveOffPool(RetryPolicy.self, from: container)

    #expect(
      isCycle(outcome.error, path: ["RetryPolicy", "RetryPolicy"]),
      """
      RetryPolicy needs itself. Expected ContainerError.cycle(path: ["RetryPolicy", \
      "RetryPolicy"]); but \(outcome.summary).
      """
    )
  }

  @Test("A cycle of singletons is reported on every try and never hangs")
  func singletonCycleIsReportedEveryTime() async throws {
    let container = Container()
    registerAuthCycle(in: container, scope: .singleton, guard: RunawayGuard())
    let expected = ["AuthService", "SessionStore", "AuthService"]

    let first = await resolveOffPool(AuthService.self, from: container)

    try #require(
      first.didFinish,
      """
      Two singletons that need each other should be reported as a cycle; but \(first.summary). \
      Check the resolution chain before you touch the singleton's once-cell: a thread that \
      waits for a singleton it is itself creating waits forever.
      """
    )
    #expect(
      isCycle(first.error, path: expected),
      "Two singletons that need each other should be reported as a cycle; but \(first.summary)."
    )
    let second = await resolveOffPool(AuthService.self, from: container)
    #expect(
      isCycle(second.error, path: expected),
      """
      Resolving the same cycle again should report it again; but \(second.summary). Does a \
      singleton stay marked "being created" after its factory threw?
      """
    )
  }

  @Test("Threads resolving the same graph at once never see a false cycle")
  func concurrentResolvesSeeNoFalseCycle() async throws {
    let container = Container()
    container.register((any Clock).self) { _ in FixedClock() }
    container.register(Ledger.self) { resolver in
      pauseToWidenTheRace()
      return Ledger(clock: try resolver.resolve((any Clock).self))
    }
    container.register(ReportService.self) { resolver in
      ReportService(ledger: try resolver.resolve(Ledger.self))
    }
    let failures = Recorder<String>()

    let finished = await runConcurrently(50, timeLimit: .seconds(3)) { _ in
      do {
        _ = try container.resolve(ReportService.self)
      } catch {
        failures.append(describe(error))
      }
    }

    try #require(
      finished,
      "50 threads resolving ReportService did not return within 3 seconds: a deadlock (see Task 4)."
    )
    let failureCount = failures.all.count
    #expect(
      failureCount == 0,
      """
      50 threads resolved ReportService at once and \(failureCount) of them failed, the \
      first with \(failures.all.first ?? ""). There is no cycle here: is the list of \
      services being built shared by every thread? Each resolve needs a chain of its own.
      """
    )
  }
}

/// AuthService needs SessionStore, which needs AuthService.
private func registerAuthCycle(
  in container: Container,
  scope: Scope,
  guard runaway: RunawayGuard
) {
  container.register(AuthService.self, scope: scope) { resolver in
    try runaway.tick()
    return AuthService(session: try resolver.resolve(SessionStore.self))
  }
  container.register(SessionStore.self, scope: scope) { resolver in
    try runaway.tick()
    return SessionStore(auth: try resolver.resolve(AuthService.self))
  }
}
