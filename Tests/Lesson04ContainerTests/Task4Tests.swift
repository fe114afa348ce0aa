import KataTestSupport
import Lesson04Container
import Testing

@Suite("Task 4 — Resolve from inside a factory")
struct Task4Tests {
  @Test("A factory that resolves its own dependencies completes")
  func nestedResolveCompletes() async throws {
    let container = Container()
    let clock = FixedClock("shared")
    container.register((any Clock).self) { _ in clock }
    container.register(Ledger.self) { resolver in
      Ledger(clock: try resolver.resolve((any Clock).self))
    }
    container.register(ReportService.self) { resolver in
      ReportService(ledger: try resolver.resolve(Ledger.self))
    }

    let outcome = await resolveOffPool(ReportService.self, from: container)

    let report = try #require(
      outcome.value,
      """
      Resolving ReportService, whose factory resolves Ledger, whose factory resolves Clock, \
      should work; but \(outcome.summary). A lock held while a factory runs is still held \
      when that factory calls resolve again: release it before you call the factory.
      """
    )
    #expect(
      report.ledger.clock === clock,
      "The ledger should get the registered clock through the resolver.")
  }

  @Test("Singletons built from other singletons are each created once, also under concurrency")
  func nestedSingletonsUnderConcurrency() async throws {
    let container = Container()
    let ledgersMade = Counter()
    let reportsMade = Counter()
    container.register(Ledger.self, scope: .singleton) { _ in
      ledgersMade.increment()
      pauseToWidenTheRace()
      return Ledger(clock: FixedClock())
    }
    container.register(ReportService.self, scope: .singleton) { resolver in
      reportsMade.increment()
      pauseToWidenTheRace()
      return ReportService(ledger: try resolver.resolve(Ledger.self))
    }
    let reports = Recorder<ReportService>()
    let failures = Recorder<String>()

    let finished = await runConcurrently(50, timeLimit: .seconds(3)) { index in
      do {
        if index.isMultiple(of: 5) {
          _ = try container.resolve(Ledger.self)
        } else {
          reports.append(try container.resolve(ReportService.self))
        }
      } catch {
        failures.append(describe(error))
      }
    }

    try #require(
      finished,
      """
      50 threads resolving a singleton that needs another singleton did not return within \
      3 seconds: a deadlock. Is a lock held while a factory runs?
      """
    )
    let failureCount = failures.all.count
    #expect(
      failureCount == 0,
      "\(failureCount) of 50 resolves threw, the first: \(failures.all.first ?? "")."
    )
    #expect(
      ledgersMade.value == 1 && reportsMade.value == 1,
      """
      Each singleton should be created once; Ledger was created \(ledgersMade.value) times \
      and ReportService \(reportsMade.value) times.
      """
    )
    let reportsSeen = distinctInstances(reports.all)
    #expect(
      reportsSeen <= 1,
      "Every thread should get the same ReportService; they got \(reportsSeen) different ones.")
  }

  @Test("A slow factory does not stop other threads from resolving")
  func slowFactoryDoesNotBlockOthers() async throws {
    let container = Container()
    let slowFactoryStarted = Gate()
    let clockResolved = Gate()
    let clockArrivedInTime = Recorder<Bool>()
    container.register((any Clock).self) { _ in FixedClock() }
    container.register(ReportService.self) { _ in
      // Like a factory that waits for work on another thread, which needs the container.
      slowFactoryStarted.open()
      clockArrivedInTime.append(clockResolved.wait(seconds: 2))
      return ReportService(ledger: Ledger(clock: FixedClock()))
    }

    let finished = await runConcurrently(2, timeLimit: .seconds(8)) { index in
      if index == 0 {
        _ = try? container.resolve(ReportService.self)
      } else if slowFactoryStarted.wait(seconds: 3),
        (try? container.resolve((any Clock).self)) != nil
      {
        clockResolved.open()
      }
    }

    try #require(finished, "The two threads did not finish within 8 seconds.")
    #expect(
      clockArrivedInTime.all == [true],
      """
      While ReportService's factory ran on one thread, another thread could not resolve \
      Clock for 2 seconds. One lock held across every factory (even a recursive one) makes \
      every thread wait for the slowest factory, and deadlocks when a factory waits for \
      another thread. Hold the lock only to read or write your tables.
      """
    )
  }

  @Test("A missing dependency deep in the graph is reported by its own name")
  func deepMissIsNamed() async {
    let container = Container()
    container.register(Ledger.self) { resolver in
      Ledger(clock: try resolver.resolve((any Clock).self))
    }
    container.register(ReportService.self) { resolver in
      ReportService(ledger: try resolver.resolve(Ledger.self))
    }

    let outcome = await resolveOffPool(ReportService.self, from: container)

    #expect(
      isUnregistered(outcome.error, service: "Clock", name: nil),
      """
      Clock is the one service nobody registered, so resolving ReportService should throw \
      ContainerError.unregistered(service: "Clock", name: nil); but \(outcome.summary). \
      Let the inner error through unchanged.
      """
    )
  }
}
