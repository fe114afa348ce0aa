import Foundation
import KataTestSupport
import Lesson04Container
import Synchronization
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
      when that factory calls resolve again, so the nested resolve waits for its own caller.
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
      Each singleton should be created once; Ledger was created \(ledgersMade.value) time(s) \
      and ReportService \(reportsMade.value) time(s).
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

  @Test("Two threads resolving the same slow transient run its factory at the same time")
  func sameTransientRunsConcurrently() async throws {
    let container = Container()
    let arrivals = Counter()
    let firstInside = Gate()
    let secondInside = Gate()
    let metTheOther = Recorder<Bool>()
    container.register(ReportService.self) { _ in
      // Each call waits (bounded) until the other call is inside the factory too.
      if arrivals.next() == 1 {
        firstInside.open()
        metTheOther.append(secondInside.wait(seconds: 2))
      } else {
        secondInside.open()
        metTheOther.append(firstInside.wait(seconds: 2))
      }
      return ReportService(ledger: Ledger(clock: FixedClock()))
    }

    let finished = await runConcurrently(2, timeLimit: .seconds(8)) { _ in
      _ = try? container.resolve(ReportService.self)
    }

    try #require(finished, "Two threads resolving ReportService did not finish within 8 seconds.")
    #expect(
      metTheOther.all == [true, true],
      """
      Two threads resolved the transient ReportService at once, and its factory waited up \
      to 2 seconds for the other call to be inside it too; \
      \(metTheOther.all.filter { $0 }.count) of \(metTheOther.all.count) calls saw the other. \
      A lock held while a transient's factory runs (even one per registration) makes every \
      caller of that service wait for the slowest, and deadlocks a factory that waits for \
      another thread making the same service. A transient needs no lock at all while it is \
      made: hold one only to read or write your tables.
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

  @Test("A slow singleton factory does not delay an unrelated singleton")
  func slowSingletonDoesNotBlockOtherSingletons() async throws {
    let container = Container()
    let slowFactoryStarted = Gate()
    let clockResolved = Gate()
    let clockArrivedInTime = Recorder<Bool>()
    container.register((any Clock).self, scope: .singleton) { _ in FixedClock() }
    container.register(ReportService.self, scope: .singleton) { _ in
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
      While the singleton ReportService was being created on one thread, another thread \
      could not create the singleton Clock for 2 seconds. One lock (even a recursive one) \
      around every singleton's creation makes every singleton wait for the slowest \
      factory. Only callers of the same singleton should wait for its creation.
      """
    )
  }

  @Test("A singleton factory that waits for another thread resolving a singleton completes")
  func factoryWaitingForAnotherThreadCompletes() async throws {
    let container = Container()
    let clocksMade = Counter()
    let clockOnOtherThread = Recorder<Bool>()
    container.register((any Clock).self, scope: .singleton) { _ in
      clocksMade.increment()
      return FixedClock("worker")
    }
    container.register(Ledger.self, scope: .singleton) { resolver in
      // Like a factory that hands work to a background thread, which needs the container.
      let done = Gate()
      let clock = Recorder<any Clock>()
      let worker = Thread {
        if let resolved = try? container.resolve((any Clock).self) { clock.append(resolved) }
        done.open()
      }
      worker.start()
      clockOnOtherThread.append(done.wait(seconds: 1))
      return Ledger(clock: try clock.all.first ?? resolver.resolve((any Clock).self))
    }

    let outcome = await resolveOffPool(Ledger.self, from: container)

    let ledger = try #require(
      outcome.value, "Resolving Ledger should work; but \(outcome.summary).")
    #expect(
      clockOnOtherThread.all == [true] && ledger.clock.label == "worker" && clocksMade.value == 1,
      """
      Ledger's factory waited for a worker thread that resolves the singleton Clock, and the \
      worker \(clockOnOtherThread.all == [true] ? "finished" : "was still stuck after a second"). \
      A lock held on the first thread while a factory runs (even a recursive one, which lets \
      only that thread in again) blocks the worker: hold a lock only for one singleton's \
      own creation, or only to read and write your tables.
      """
    )
  }

  @Test("A container builds main-actor view models through a factory it resolves")
  @MainActor
  func mainActorViewModelsThroughAResolvedFactory() async throws {
    let container = Container()
    let client = SilentHTTPClient()
    container.register((any HTTPClient).self, scope: .singleton) { _ in client }
    container.register((any AccountsRepository).self, scope: .singleton) { resolver in
      RemoteAccountsRepository(client: try resolver.resolve((any HTTPClient).self))
    }
    // The factory runs on no actor: it resolves the dependencies there and returns a
    // closure that the main actor calls to build each screen's view model.
    container.register((@MainActor @Sendable () -> AccountsViewModel).self) { resolver in
      let repository = try resolver.resolve((any AccountsRepository).self)
      return { AccountsViewModel(repository: repository) }
    }

    let outcome = await resolveOffPool(
      (@MainActor @Sendable () -> AccountsViewModel).self, from: container)

    let makeViewModel = try #require(
      outcome.value,
      """
      Resolving the view model factory, whose own factory resolves the repository, which \
      resolves the client, should work; but \(outcome.summary).
      """
    )
    let first = makeViewModel()
    let second = makeViewModel()
    let repository = first.repository as? RemoteAccountsRepository
    #expect(
      first !== second && first.repository === second.repository
        && repository?.client === client,
      """
      Each screen should get a new view model, and all of them the one shared repository \
      with the registered client: check that the singletons are shared.
      """
    )
  }
  @Test("Threads resolving while another thread registers are safe")
  func resolvingWhileRegistering() async throws {
    // One thread registers many named clocks (the table grows again and again) while three
    // threads resolve the unnamed one. A table read without the lock, while another thread
    // writes it, reads memory that is being moved: it crashes, or returns garbage.
    let container = Container()
    container.register((any Clock).self) { _ in FixedClock("unnamed") }
    let registering = Atomic(true)
    let wrongClocks = Recorder<String>()

    let finished = await runConcurrently(4, timeLimit: .seconds(20)) { index in
      if index == 0 {
        for number in 0..<20_000 {
          container.register((any Clock).self, name: "clock \(number)") { _ in
            FixedClock("named")
          }
        }
        registering.store(false, ordering: .releasing)
        return
      }
      while registering.load(ordering: .acquiring) {
        do {
          let clock = try container.resolve((any Clock).self)
          if clock.label != "unnamed" { wrongClocks.append(clock.label) }
        } catch {
          wrongClocks.append(describe(error))
        }
      }
    }

    try #require(
      finished,
      """
      One thread registering 20,000 named clocks while three threads resolved the unnamed \
      one did not finish within 20 seconds.
      """
    )
    #expect(
      wrongClocks.all.isEmpty,
      """
      Three threads resolved the unnamed Clock while another thread registered named ones; \
      they got \(wrongClocks.all.prefix(3)). Read the registrations under the same lock \
      that `register` takes to write them: only the factory runs without it.
      """
    )
  }
}

/// A client that answers every request with no accounts.
private final class SilentHTTPClient: HTTPClient {
  func get(_ path: String) async throws -> Data { Data("[]".utf8) }
}
