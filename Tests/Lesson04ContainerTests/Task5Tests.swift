import Foundation
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
      \(outcome.summary). A cycle is a service that is already being built further up \
      the same resolution.
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

  @Test(
    "A cycle is reported from its first occurrence, not from where the resolve began",
    arguments: [Scope.transient, .singleton])
  func cyclePathStartsAtItsFirstOccurrence(scope: Scope) async {
    let container = Container()
    let runaway = RunawayGuard()
    container.register(Payments.Client.self) { resolver in
      _ = try resolver.resolve(ReportService.self)
      return Payments.Client()
    }
    container.register(ReportService.self, scope: scope) { resolver in
      ReportService(ledger: try resolver.resolve(Ledger.self))
    }
    container.register(Ledger.self, scope: scope) { resolver in
      try runaway.tick()
      return Ledger(clock: try resolver.resolve((any Clock).self))
    }
    container.register((any Clock).self, scope: scope) { resolver in
      try runaway.tick()
      _ = try resolver.resolve(Ledger.self)
      return FixedClock()
    }

    let fromReport = await resolveOffPool(ReportService.self, from: container)
    let fromClient = await resolveOffPool(Payments.Client.self, from: container)

    let outcomes =
      [("ReportService", fromReport.summary, fromReport.error)]
      + [("Client", fromClient.summary, fromClient.error)]
    for (start, summary, error) in outcomes {
      #expect(
        isCycle(error, path: ["Ledger", "Clock", "Ledger"]),
        """
        Resolving \(start) reaches Ledger, which needs Clock, which needs Ledger. Expected \
        ContainerError.cycle(path: ["Ledger", "Clock", "Ledger"]), the cycle from its \
        first occurrence (the services before it are not part of the cycle); but \
        \(summary).
        """
      )
    }
  }

  @Test(
    "A cycle of singletons entered from both ends at once is reported on both threads",
    arguments: [false, true])
  func crossThreadSingletonCycleIsReported(inChild: Bool) async throws {
    let parent = Container()
    let container = inChild ? parent.makeChild() : parent
    let runaway = RunawayGuard()
    let authStarted = Gate()
    let sessionStarted = Gate()
    container.register(AuthService.self, scope: .singleton) { resolver in
      try runaway.tick()
      authStarted.open()
      // Both creations are in flight before either asks for the other.
      _ = sessionStarted.wait(seconds: 2)
      return AuthService(session: try resolver.resolve(SessionStore.self))
    }
    container.register(SessionStore.self, scope: .singleton) { resolver in
      try runaway.tick()
      sessionStarted.open()
      _ = authStarted.wait(seconds: 2)
      return SessionStore(auth: try resolver.resolve(AuthService.self))
    }
    let fromAuth = Recorder<String>()
    let fromSession = Recorder<String>()
    let authCycle = Recorder<Bool>()
    let sessionCycle = Recorder<Bool>()

    let finished = await runConcurrently(2, timeLimit: .seconds(6)) { index in
      do {
        if index == 0 {
          _ = try container.resolve(AuthService.self)
          fromAuth.append("it returned an AuthService")
        } else {
          _ = try container.resolve(SessionStore.self)
          fromSession.append("it returned a SessionStore")
        }
      } catch {
        let names = ["AuthService", "SessionStore"]
        let isCycleOfBoth =
          isCycle(error, path: names + [names[0]])
          || isCycle(error, path: names.reversed() + [names[1]])
        (index == 0 ? authCycle : sessionCycle).append(isCycleOfBoth)
        (index == 0 ? fromAuth : fromSession).append("it threw \(describe(error))")
      }
    }

    try #require(
      finished,
      """
      One thread resolved AuthService while another resolved SessionStore; each factory \
      needs the other singleton, and both threads were still waiting after 6 seconds. Each \
      waits for the other's creation in flight, and neither chain holds the other thread's \
      path. Before you wait for a creation in flight, follow who creates it and what that \
      creator waits for; if the trail comes back to a creation of yours, throw the cycle.
      """
    )
    #expect(
      authCycle.all == [true] && sessionCycle.all == [true],
      """
      Both threads entered the cycle AuthService ⇄ SessionStore, so both should get \
      ContainerError.cycle with those two services; resolving AuthService: \
      \(fromAuth.all.first ?? "nothing"), resolving SessionStore: \
      \(fromSession.all.first ?? "nothing").
      """
    )
  }
  @Test(
    "A cycle across threads is reported with every service on it, whichever thread finds it",
    arguments: [false, true])
  func crossThreadCyclePathHasEveryService(sessionSideFindsIt: Bool) async throws {
    let container = Container()
    let runaway = RunawayGuard()
    let authStarted = Gate()
    let sessionStarted = Gate()
    let authThread = Recorder<WatchedThread>()
    let sessionThread = Recorder<WatchedThread>()
    let firstAuth = Counter()
    let firstRefresher = Counter()
    // AuthService needs SessionStore, which needs TokenRefresher, which needs AuthService.
    container.register(AuthService.self, scope: .singleton) { resolver in
      try runaway.tick()
      firstAuth.increment()
      if firstAuth.value == 1 {
        authThread.append(.current())
        authStarted.open()
        _ = sessionStarted.wait(seconds: 5)
        // Ask for SessionStore only once the other thread waits for AuthService: this
        // thread then finds the loop.
        if !sessionSideFindsIt { waitUntilParked(sessionThread, count: 1, seconds: 5) }
      }
      return AuthService(session: try resolver.resolve(SessionStore.self))
    }
    container.register(SessionStore.self, scope: .singleton) { resolver in
      try runaway.tick()
      if sessionThread.all.isEmpty {
        sessionThread.append(.current())
        sessionStarted.open()
        _ = authStarted.wait(seconds: 5)
      }
      return SessionStore(refresher: try resolver.resolve(TokenRefresher.self))
    }
    container.register(TokenRefresher.self) { resolver in
      try runaway.tick()
      firstRefresher.increment()
      if firstRefresher.value == 1, sessionSideFindsIt {
        waitUntilParked(authThread, count: 1, seconds: 5)
      }
      return TokenRefresher(auth: try resolver.resolve(AuthService.self))
    }
    let fromAuth = Recorder<(any Error)?>()
    let fromSession = Recorder<(any Error)?>()

    let finished = await runConcurrently(2, timeLimit: .seconds(12)) { index in
      if index == 0 {
        fromAuth.append(Result { try container.resolve(AuthService.self) }.error)
      } else {
        fromSession.append(Result { try container.resolve(SessionStore.self) }.error)
      }
    }

    try #require(
      finished,
      """
      Two threads entered the cycle AuthService → SessionStore → TokenRefresher → AuthService from \
      opposite ends, and they were still waiting after 12 seconds (see the test above).
      """
    )
    let authError = fromAuth.all.first ?? nil
    let sessionError = fromSession.all.first ?? nil
    let finder = sessionSideFindsIt ? "SessionStore" : "AuthService"
    #expect(
      isCycle(authError, path: ["AuthService", "SessionStore", "TokenRefresher", "AuthService"])
        && isCycle(
          sessionError, path: ["SessionStore", "TokenRefresher", "AuthService", "SessionStore"]),
      """
      One thread resolved AuthService, the other SessionStore, and the one resolving \
      \(finder) arrived last at the loop AuthService → SessionStore → TokenRefresher → AuthService. \
      Resolving AuthService should throw ContainerError.cycle(path: ["AuthService", \
      "SessionStore", "TokenRefresher", "AuthService"]), and resolving SessionStore the same loop \
      from SessionStore; resolving AuthService threw \(describe(authError)), resolving \
      SessionStore \(describe(sessionError)). The thread that finds the loop in the \
      wait-for graph sees only its own chain: add the other resolution's chain, from the \
      service it is creating on, so the path names every service on the loop.
      """
    )
  }

  @Test(
    "A cycle is found at its first repeat: each factory on it runs once",
    arguments: [Scope.transient, .singleton])
  func cycleIsFoundAtItsFirstRepeat(scope: Scope) async {
    let container = Container()
    let runaway = RunawayGuard()
    let authMade = Counter()
    let sessionsMade = Counter()
    let refreshersMade = Counter()
    container.register(AuthService.self, scope: scope) { resolver in
      try runaway.tick()
      authMade.increment()
      return AuthService(session: try resolver.resolve(SessionStore.self))
    }
    container.register(SessionStore.self, scope: scope) { resolver in
      try runaway.tick()
      sessionsMade.increment()
      return SessionStore(refresher: try resolver.resolve(TokenRefresher.self))
    }
    container.register(TokenRefresher.self, scope: scope) { resolver in
      try runaway.tick()
      refreshersMade.increment()
      return TokenRefresher(auth: try resolver.resolve(AuthService.self))
    }

    let outcome = await resolveOffPool(AuthService.self, from: container)

    let calls = [authMade.value, sessionsMade.value, refreshersMade.value]
    #expect(
      isCycle(
        outcome.error, path: ["AuthService", "SessionStore", "TokenRefresher", "AuthService"])
        && calls == [1, 1, 1],
      """
      AuthService needs SessionStore, which needs TokenRefresher, which needs AuthService \
      (\(scope)s). The cycle is there as soon as AuthService is asked for a second time, so \
      each factory should run once before ContainerError.cycle is thrown; the factories of \
      AuthService, SessionStore and TokenRefresher ran \(calls) time(s), and \
      \(outcome.summary). Going round the loop again and again before you look (until the \
      chain is long, say) runs every factory on it, with their side effects, many times: \
      check the chain on every resolve.
      """
    )
  }

  @Test("Threads waiting for a slow singleton get the one instance, however long it takes")
  func waitersOfASlowSingletonShareIt() async throws {
    let container = Container()
    let made = Counter()
    let firstStarted = Gate()
    let waiterThreads = Recorder<WatchedThread>()
    let waiters = 4
    let anotherCreation = Gate()
    container.register(Ledger.self, scope: .singleton) { _ in
      if made.next() == 1 {
        firstStarted.open()
        // Start the slow part only once every waiter is parked inside resolve.
        waitUntilParked(waiterThreads, count: waiters, seconds: 5)
        // A slow factory, such as one that opens a database: 3 seconds, or until a waiter
        // gives up and starts a creation of its own.
        _ = anotherCreation.wait(seconds: 3)
      } else {
        anotherCreation.open()
      }
      return Ledger(clock: FixedClock())
    }
    let ledgers = Recorder<Ledger>()
    let failures = Recorder<String>()

    let finished = await runConcurrently(1 + waiters, timeLimit: .seconds(15)) { index in
      if index > 0 {
        _ = firstStarted.wait(seconds: 5)
        waiterThreads.append(.current())
      }
      do {
        ledgers.append(try container.resolve(Ledger.self))
      } catch {
        failures.append(describe(error))
      }
    }

    try #require(
      finished,
      "\(1 + waiters) threads resolving a slow singleton did not all return within 15 seconds.")
    #expect(
      failures.all.isEmpty,
      "Resolving a slow singleton should work on every thread; they threw \(failures.all).")
    #expect(
      made.value == 1 && distinctInstances(ledgers.all) == 1,
      """
      One thread created the singleton Ledger, whose factory takes 3 seconds, while \
      \(waiters) other threads waited for it; its factory ran \(made.value) time(s), and \
      the threads got \(distinctInstances(ledgers.all)) different instances. A slow factory \
      is not a deadlock: a waiter that gives up after a while and builds its own makes a \
      second singleton. Wait for the creation in flight until it ends, and find a deadlock \
      by the wait-for graph, not by the clock.
      """
    )
  }

  @Test(
    "A creation in flight in one container is not another container's creation of the same service",
    arguments: [nil, "utc"] as [String?])
  func twoContainersCreationsInFlightAreTheirOwn(name: String?) async throws {
    // Two containers side by side, each with a singleton Ledger and a singleton Clock. In the
    // app, Ledger needs Clock; in the replay, Clock replays a Ledger. Nothing needs itself.
    // The replay's Ledger is being made (slowly) on one thread; the app's Ledger on a second;
    // a third makes the replay's Clock and waits for the replay's Ledger. Then the app's
    // Ledger asks for the app's Clock, which nobody is making: no wait, no cycle.
    let app = Container()
    let replay = Container()
    let replayLedgerStarted = Gate()
    let appLedgerStarted = Gate()
    let releaseReplayLedger = Gate()
    let replayClockThread = Recorder<WatchedThread>()
    replay.register(Ledger.self, name: name, scope: .singleton) { _ in
      replayLedgerStarted.open()
      _ = releaseReplayLedger.wait(seconds: 5)
      return Ledger(clock: FixedClock("replayed"))
    }
    replay.register((any Clock).self, name: name, scope: .singleton) { resolver in
      let ledger = try resolver.resolve(Ledger.self, name: name)
      return FixedClock("replay of \(ledger.clock.label)")
    }
    app.register((any Clock).self, name: name, scope: .singleton) { _ in FixedClock("live") }
    app.register(Ledger.self, name: name, scope: .singleton) { resolver in
      appLedgerStarted.open()
      // Ask for the app's Clock only once the replay's Clock waits for the replay's Ledger.
      waitUntilParked(replayClockThread, count: 1, seconds: 5)
      return Ledger(clock: try resolver.resolve((any Clock).self, name: name))
    }
    let outcomes = (0..<3).map { _ in Recorder<String>() }

    let finished = await runConcurrently(3, timeLimit: .seconds(8)) { index in
      let outcome = Result { () throws -> String in
        switch index {
        case 0:
          return try replay.resolve(Ledger.self, name: name).clock.label
        case 1:
          _ = replayLedgerStarted.wait(seconds: 5)
          defer { releaseReplayLedger.open() }
          return try app.resolve(Ledger.self, name: name).clock.label
        default:
          _ = appLedgerStarted.wait(seconds: 5)
          replayClockThread.append(.current())
          return try replay.resolve((any Clock).self, name: name).label
        }
      }
      outcomes[index].append((try? outcome.get()) ?? "an error, \(describe(outcome.error))")
    }

    try #require(
      finished,
      "Three threads resolving singletons of two containers did not return within 8 seconds.")
    let got = outcomes.map { $0.all.first ?? "nothing" }
    let entry = name.map { "named \"\($0)\" " } ?? ""
    #expect(
      got == ["replayed", "live", "replay of replayed"],
      """
      Two containers side by side each registered a singleton Ledger and Clock \(entry)(in \
      the app, Ledger needs Clock; in the replay, Clock needs Ledger). The replay's Ledger \
      was being made on one thread, the app's Ledger on a second, and a third waited for the \
      replay's Ledger while making the replay's Clock; then the app's Ledger asked for the \
      app's Clock. Nothing needs itself: the replay's Ledger, the app's Ledger and the \
      replay's Clock should come with the clocks ["replayed", "live", "replay of replayed"]; \
      they came with \(got). A creation in flight is one singleton's, in the container that \
      owns it: record it by that singleton (its cell), not by its type and name, or one \
      container's creation looks like another's, and the wait-for graph finds a cycle that \
      is not there.
      """
    )
  }

  @Test("A cycle of singletons entered by three threads at once is reported on all three")
  func threeThreadCycleIsReported() async throws {
    let container = Container()
    let runaway = RunawayGuard()
    let started = (0..<3).map { _ in Gate() }
    let creations = Counter()
    // Each factory, on its first call, waits until all three creations are in flight.
    @Sendable func enter(_ index: Int) {
      guard creations.next() <= 3 else { return }
      started[index].open()
      for gate in started { _ = gate.wait(seconds: 3) }
    }
    // AuthService needs SessionStore, which needs TokenRefresher, which needs AuthService.
    container.register(AuthService.self, scope: .singleton) { resolver in
      try runaway.tick()
      enter(0)
      return AuthService(session: try resolver.resolve(SessionStore.self))
    }
    container.register(SessionStore.self, scope: .singleton) { resolver in
      try runaway.tick()
      enter(1)
      return SessionStore(refresher: try resolver.resolve(TokenRefresher.self))
    }
    container.register(TokenRefresher.self, scope: .singleton) { resolver in
      try runaway.tick()
      enter(2)
      return TokenRefresher(auth: try resolver.resolve(AuthService.self))
    }
    let names = ["AuthService", "SessionStore", "TokenRefresher"]
    let outcomes = (0..<3).map { _ in Recorder<String>() }
    let isExpectedCycle = (0..<3).map { _ in Recorder<Bool>() }

    let finished = await runConcurrently(3, timeLimit: .seconds(8)) { index in
      do {
        switch index {
        case 0: _ = try container.resolve(AuthService.self)
        case 1: _ = try container.resolve(SessionStore.self)
        default: _ = try container.resolve(TokenRefresher.self)
        }
        outcomes[index].append("it returned")
      } catch {
        let loop = Array(names[index...] + names[..<index]) + [names[index]]
        isExpectedCycle[index].append(isCycle(error, path: loop))
        outcomes[index].append("it threw \(describe(error))")
      }
    }

    try #require(
      finished,
      """
      Three threads resolved AuthService, SessionStore and TokenRefresher at once; each \
      singleton needs the next (AuthService → SessionStore → TokenRefresher → AuthService), \
      and they were still waiting after 8 seconds. Each waits for a creation that waits for \
      another: follow the wait-for graph all the way round, not one step, before you wait.
      """
    )
    #expect(
      isExpectedCycle.allSatisfy { $0.all == [true] },
      """
      Three threads entered the loop AuthService → SessionStore → TokenRefresher → \
      AuthService at once, each at another service; each should get ContainerError.cycle \
      with the loop from the service it resolved. Resolving \
      \(zip(names, outcomes).map { "\($0): \($1.all.first ?? "nothing")" }.joined(separator: "; ")).
      """
    )
  }

  @Test("A wait behind another wait, with no cycle, is no cycle")
  func waitBehindAWaitIsNoCycle() async throws {
    // Ledger needs a slow Clock. Thread 0 creates the Clock; thread 1 creates the Ledger and
    // waits for that Clock; thread 2 asks for the Ledger and waits for thread 1. Nothing
    // waits for itself: all three get through once the Clock is made.
    let container = Container()
    let clockStarted = Gate()
    let releaseClock = Gate()
    let ledgerStarted = Gate()
    let waiting = Recorder<WatchedThread>()
    let made = Counter()
    container.register((any Clock).self, scope: .singleton) { _ in
      made.increment()
      clockStarted.open()
      _ = releaseClock.wait(seconds: 5)
      return FixedClock("slow")
    }
    container.register(Ledger.self, scope: .singleton) { resolver in
      made.increment()
      ledgerStarted.open()
      return Ledger(clock: try resolver.resolve((any Clock).self))
    }
    let outcomes = Recorder<String>()

    let finished = await runConcurrently(4, timeLimit: .seconds(6)) { index in
      if index == 3 {
        // Lets the Clock finish once both waiters are seen waiting (or after 5 seconds).
        _ = ledgerStarted.wait(seconds: 5)
        waitUntilParked(waiting, count: 2, seconds: 5)
        releaseClock.open()
        return
      }
      do {
        switch index {
        case 0:
          _ = try container.resolve((any Clock).self)
        case 1:
          _ = clockStarted.wait(seconds: 5)
          waiting.append(.current())
          _ = try container.resolve(Ledger.self)
        default:
          _ = ledgerStarted.wait(seconds: 5)
          waitUntilParked(waiting, count: 1, seconds: 5)
          waiting.append(.current())
          _ = try container.resolve(Ledger.self)
        }
        outcomes.append("thread \(index) returned")
      } catch {
        outcomes.append("thread \(index) threw \(describe(error))")
      }
    }

    #expect(
      finished && outcomes.all.allSatisfy { $0.hasSuffix("returned") } && made.value == 2,
      """
      Ledger needs a slow Clock. One thread created the Clock; a second created the Ledger \
      and waited for that Clock; a third asked for the Ledger and waited for the second. \
      Nobody waits for a creation of its own, so all three should return, each factory \
      running once. \(finished ? "" : "They did not all finish within 6 seconds. ")\
      What happened: \(outcomes.all.sorted().joined(separator: "; ")); factories ran \
      \(made.value) time(s). A wait is a cycle only if the trail of waits comes back to a \
      creation of the waiting resolution itself; a creator that waits for someone else is \
      just slow.
      """
    )
  }

  @Test(
    "A resolver a service keeps for later resolves then as a new resolution, with no false cycle")
  func keptResolverResolvesLater() async throws {
    // The cycle error's own advice: SessionStore no longer needs AuthService when it is
    // created, only later, through a closure over the resolver its factory received.
    let container = Container()
    container.register(Gatekeeper.self, scope: .singleton) { resolver in
      Gatekeeper(session: try resolver.resolve(LazySession.self))
    }
    container.register(LazySession.self, scope: .singleton) { resolver in
      LazySession(gatekeeper: { try resolver.resolve(Gatekeeper.self) })
    }

    let outcome = await runOffPool(timeLimit: resolveTimeLimit) { () -> Bool in
      let gatekeeper = try container.resolve(Gatekeeper.self)
      return try gatekeeper.session.gatekeeper() === gatekeeper
    }

    #expect(
      outcome.value == true,
      """
      Gatekeeper needs a LazySession when it is made; the session asks for the Gatekeeper \
      only later, through a closure over the resolver its factory was given, as the cycle \
      error advises. Calling that closure once both exist should return the one \
      Gatekeeper, but \(outcome.summary). A resolver kept past its factory's return still \
      carried the chain of that long-finished creation, so Gatekeeper looked as if it were \
      still being built: once its factory has returned, a resolver should start afresh.
      """
    )
  }

  @Test(
    "Two types that share a short name are two services: one needing the other is no cycle",
    arguments: [false, true])
  func sameShortNameIsNoCycle(paymentsNeedsAnalytics: Bool) async throws {
    let container = Container()
    container.register(Payments.Client.self) { resolver in
      if paymentsNeedsAnalytics { _ = try resolver.resolve(Analytics.Client.self) }
      return Payments.Client()
    }
    container.register(Analytics.Client.self) { resolver in
      if !paymentsNeedsAnalytics { _ = try resolver.resolve(Payments.Client.self) }
      return Analytics.Client()
    }
    let (outer, inner) =
      paymentsNeedsAnalytics
      ? ("Payments.Client", "Analytics.Client") : ("Analytics.Client", "Payments.Client")

    let outcome = await runOffPool(timeLimit: resolveTimeLimit) { () -> Bool in
      if paymentsNeedsAnalytics {
        _ = try container.resolve(Payments.Client.self)
      } else {
        _ = try container.resolve(Analytics.Client.self)
      }
      return true
    }

    #expect(
      outcome.value == true,
      """
      \(outer) is built from \(inner): two types that are both called "Client", and \
      neither needs itself. Resolving \(outer) should work; but \(outcome.summary). A chain \
      entry stands for a registration, told apart like the key (by the type itself), never \
      by the type's name: only the error's path prints names.
      """
    )
  }

  @Test(
    "A factory that catches a failed resolve and tries again sees no false cycle",
    arguments: [Scope.transient, .singleton])
  func caughtFailureLeavesNoFalseCycle(scope: Scope) async throws {
    // ReportService's factory tries for a Ledger, whose Clock is not ready the first time,
    // catches the error and tries once more. Nothing needs itself: the second try works.
    let container = Container()
    let clockAttempts = Counter()
    container.register((any Clock).self, scope: scope) { _ in
      if clockAttempts.next() == 1 { throw ClockNotReady() }
      return FixedClock("ready")
    }
    container.register(Ledger.self, scope: scope) { resolver in
      Ledger(clock: try resolver.resolve((any Clock).self))
    }
    container.register(ReportService.self) { resolver in
      let ledger = try (try? resolver.resolve(Ledger.self)) ?? resolver.resolve(Ledger.self)
      return ReportService(ledger: ledger)
    }

    let outcome = await resolveOffPool(ReportService.self, from: container)

    #expect(
      outcome.value?.ledger.clock.label == "ready" && clockAttempts.value == 2,
      """
      ReportService's factory resolved Ledger (Ledger and Clock \(scope == .singleton ? "singletons" : "transients")), whose Clock threw the first \
      time; it caught that error and resolved Ledger once more, which should work: the \
      failed try is over, so Ledger is no longer being built. But \(outcome.summary), and \
      Clock's factory ran \(clockAttempts.value) time(s) (expected 2). Does a service stay \
      on the resolution's chain when its factory throws? A service leaves the chain when \
      its factory ends, whether it returned or threw.
      """
    )
  }

  @Test(
    "A resolver kept by a service that is already made, used later in the same resolve, sees no false cycle"
  )
  func keptResolverUsedWithinTheSameResolve() async throws {
    // SignInScreen's factory gets the Gatekeeper (which makes its LazySession), then, in
    // the same resolve, asks the session for the Gatekeeper through the resolver the
    // session's factory kept. That factory has returned: its chain is over.
    let container = Container()
    container.register(Gatekeeper.self, scope: .singleton) { resolver in
      Gatekeeper(session: try resolver.resolve(LazySession.self))
    }
    container.register(LazySession.self, scope: .singleton) { resolver in
      LazySession(gatekeeper: { try resolver.resolve(Gatekeeper.self) })
    }
    container.register(SignInScreen.self) { resolver in
      let gatekeeper = try resolver.resolve(Gatekeeper.self)
      return SignInScreen(
        gatekeeper: gatekeeper, sameGatekeeper: try gatekeeper.session.gatekeeper() === gatekeeper)
    }

    let outcome = await resolveOffPool(SignInScreen.self, from: container)

    #expect(
      outcome.value?.sameGatekeeper == true,
      """
      SignInScreen's factory resolved the singleton Gatekeeper, which made its LazySession; \
      then, in the same resolve, it asked the session for the Gatekeeper through the \
      resolver the session's factory kept. Both are made by then, so that should return \
      the one Gatekeeper; but \(outcome.summary). A kept resolver starts afresh once its own \
      factory has returned, not once the whole top-level resolve is over: the creation it \
      was handed for is finished.
      """
    )
  }
  @Test(
    "A resolver kept by a factory that threw starts afresh when it is used later",
    arguments: [Scope.transient, .singleton])
  func keptResolverOfAFactoryThatThrew(scope: Scope) async throws {
    // Clock's factory hands its resolver to someone (here, the test) and then throws. Its
    // creation is over: the resolver must not still think it is building Clock.
    let container = Container()
    let attempts = Counter()
    let handedOut = Recorder<any Resolver>()
    container.register((any Clock).self, scope: scope) { resolver in
      if attempts.next() == 1 {
        handedOut.append(resolver)
        throw ClockNotReady()
      }
      return FixedClock("ready")
    }

    let outcome = await runOffPool(timeLimit: resolveTimeLimit) { () -> String? in
      _ = try? container.resolve((any Clock).self)
      return try handedOut.all.first?.resolve((any Clock).self).label
    }

    #expect(
      outcome.value == "ready",
      """
      Clock's factory (a \(scope)) kept its resolver and threw; later, that resolver was \
      asked for Clock and should make one (the 'ready' clock), but \(outcome.summary). The \
      creation the resolver was handed for ended when its factory threw: tell the resolver \
      its factory is done in a `defer`, so it ends on a throw as well as on a return.
      """
    )
  }

  @Test("Two threads using one kept resolver at once are two resolutions: no false cycle")
  func keptResolverUsedByTwoThreadsAtOnce() async throws {
    // A Scheduler keeps its factory's resolver to ask for the singleton Clock later. Two
    // threads ask it at once: one creates Clock, the other waits for that creation. Neither
    // is inside the other's resolution, so neither may see a cycle.
    let container = Container()
    let made = Counter()
    let firstStarted = Gate()
    let waiterThreads = Recorder<WatchedThread>()
    container.register((any Clock).self, scope: .singleton) { _ in
      if made.next() == 1 {
        firstStarted.open()
        // Finish only once the other thread is parked, waiting for this creation.
        waitUntilParked(waiterThreads, count: 1, seconds: 3)
      }
      return FixedClock("shared")
    }
    container.register(Scheduler.self) { resolver in
      Scheduler(clock: { try resolver.resolve((any Clock).self) })
    }
    let scheduler = try #require(
      await resolveOffPool(Scheduler.self, from: container).value,
      "Resolving Scheduler, whose factory resolves nothing, failed.")
    let failures = Recorder<String>()

    let finished = await runConcurrently(2, timeLimit: .seconds(10)) { index in
      if index == 1 {
        _ = firstStarted.wait(seconds: 5)
        waiterThreads.append(.current())
      }
      do {
        _ = try scheduler.clock()
      } catch {
        failures.append(describe(error))
      }
    }

    try #require(
      finished, "Two threads asking one kept resolver for the singleton Clock did not return.")
    #expect(
      failures.all.isEmpty && made.value == 1,
      """
      Two threads asked one kept resolver (a Scheduler's) for the singleton Clock at once: \
      one created it, the other waited. Both should get the one Clock; they threw \
      \(failures.all), and Clock's factory ran \(made.value) time(s). A kept resolver \
      starts a new resolution each time it is used once its factory is done: a new chain \
      and a new identity, or two threads using it look like one resolution waiting for \
      itself.
      """
    )
  }

  @Test(
    "A factory that reaches its own service through a resolver another service kept is a cycle, never a hang",
    arguments: [Scope.transient, .singleton])
  func cycleThroughAKeptResolverIsReported(scope: Scope) async throws {
    // Gatekeeper's factory makes its LazySession, which keeps its resolver for later, and
    // then, while the Gatekeeper is still being made, asks that session for the Gatekeeper.
    let container = Container()
    let runaway = RunawayGuard()
    container.register(Gatekeeper.self, scope: scope) { resolver in
      try runaway.tick()
      let session = try resolver.resolve(LazySession.self)
      _ = try session.gatekeeper()
      return Gatekeeper(session: session)
    }
    container.register(LazySession.self) { resolver in
      try runaway.tick()
      return LazySession(gatekeeper: { try resolver.resolve(Gatekeeper.self) })
    }

    let outcome = await resolveOffPool(Gatekeeper.self, from: container)

    var path: [String] = []
    if case .cycle(let found)? = outcome.error as? ContainerError { path = found }
    let loops =
      path.count >= 2 && isTypeName(path[0], "Gatekeeper")
      && isTypeName(path[path.count - 1], "Gatekeeper")
      && path.allSatisfy { isTypeName($0, "Gatekeeper") || isTypeName($0, "LazySession") }
    #expect(
      loops,
      """
      Gatekeeper's factory (a \(scope == .singleton ? "singleton" : "transient")) made a LazySession, whose factory kept its resolver, \
      and then, before it returned, asked that session for the Gatekeeper: the Gatekeeper \
      needs itself. Expected ContainerError.cycle with a path from Gatekeeper back to \
      Gatekeeper; but \(outcome.summary). The session's factory is over, so its kept \
      resolver starts afresh, but it is called from inside Gatekeeper's factory, on the \
      same thread: it is part of the resolution that runs that factory, and its chain \
      already holds Gatekeeper. A resolution that does not know this waits for its own \
      creation (a singleton) or goes round the loop for ever (a transient).
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

private struct ClockNotReady: Error {}

extension Result {
  /// The error, if this is a failure.
  fileprivate var error: Failure? {
    if case .failure(let error) = self { return error }
    return nil
  }
}
