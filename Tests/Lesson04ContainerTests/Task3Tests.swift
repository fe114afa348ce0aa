import KataTestSupport
import Lesson04Container
import Testing

@Suite("Task 3 — Share a singleton")
struct Task3Tests {
  @Test("A singleton is created on its first resolve, then shared")
  func singletonIsLazyAndShared() throws {
    let container = Container()
    let made = Counter()
    container.register(Ledger.self, scope: .singleton) { _ in
      made.increment()
      return Ledger(clock: FixedClock())
    }

    #expect(
      made.value == 0,
      "Registering should not create the singleton; nobody has asked for it yet.")
    let first = try container.resolve(Ledger.self)
    let second = try container.resolve(Ledger.self)
    let third = try container.resolve(Ledger.self)

    #expect(
      first === second && second === third,
      "A singleton should be one shared instance; resolve returned several. Is the scope ignored?"
    )
    #expect(made.value == 1, "A singleton's factory should run once; it ran \(made.value) time(s).")
  }

  @Test("A hundred threads resolving a new singleton at once create it exactly once")
  func concurrentFirstResolveCreatesOnce() async throws {
    let container = Container()
    let made = Counter()
    container.register(Ledger.self, scope: .singleton) { _ in
      made.increment()
      pauseToWidenTheRace()
      return Ledger(clock: FixedClock())
    }
    let seen = Recorder<Ledger>()
    let failures = Recorder<String>()

    let finished = await runConcurrently(100) { _ in
      do {
        seen.append(try container.resolve(Ledger.self))
      } catch {
        failures.append(describe(error))
      }
    }

    try #require(
      finished, "100 threads resolving one singleton did not all return within 10 seconds.")
    let failureCount = failures.all.count
    #expect(
      failureCount == 0,
      "\(failureCount) of 100 resolves threw, the first: \(failures.all.first ?? "")."
    )
    #expect(
      made.value == 1,
      """
      100 threads resolved the singleton at the same moment and its factory ran \
      \(made.value) time(s). Checking for an instance, then creating it, is a race when the \
      check and the store are two steps: every thread that checks before the first store \
      creates its own. "I create it, you wait" has to be decided once, by one caller.
      """
    )
    let instancesSeen = distinctInstances(seen.all)
    #expect(
      instancesSeen == 1,
      "All threads should get the same instance; they got \(instancesSeen) different ones.")
  }

  @Test("Different singletons resolved at once are each created exactly once")
  func concurrentSingletonsAreCreatedOnceEach() async throws {
    let container = Container()
    let ledgersMade = Counter()
    let clocksMade = Counter()
    container.register(Ledger.self, scope: .singleton) { _ in
      ledgersMade.increment()
      pauseToWidenTheRace()
      return Ledger(clock: FixedClock())
    }
    container.register((any Clock).self, scope: .singleton) { _ in
      clocksMade.increment()
      pauseToWidenTheRace()
      return FixedClock()
    }
    let failures = Recorder<String>()

    let finished = await runConcurrently(60) { index in
      do {
        if index.isMultiple(of: 2) {
          _ = try container.resolve(Ledger.self)
        } else {
          _ = try container.resolve((any Clock).self)
        }
      } catch {
        failures.append(describe(error))
      }
    }

    try #require(
      finished, "60 threads resolving two singletons did not all return within 10 seconds.")
    let failureCount = failures.all.count
    #expect(
      failureCount == 0,
      "\(failureCount) of 60 resolves threw, the first: \(failures.all.first ?? "")."
    )
    #expect(
      ledgersMade.value == 1 && clocksMade.value == 1,
      """
      Each singleton should be created once; Ledger was created \(ledgersMade.value) time(s) \
      and Clock \(clocksMade.value) time(s). Keep one "being created" marker per registration.
      """
    )
  }

  @Test("A singleton whose factory threw is created on the next resolve, then shared")
  func failedCreationIsRetried() async throws {
    let container = Container()
    let attempts = Counter()
    container.register(Ledger.self, scope: .singleton) { _ in
      attempts.increment()
      if attempts.value == 1 { throw LedgerUnavailable() }
      return Ledger(clock: FixedClock())
    }

    let first = await resolveOffPool(Ledger.self, from: container)
    let second = await resolveOffPool(Ledger.self, from: container)
    let third = await resolveOffPool(Ledger.self, from: container)

    #expect(
      first.error is LedgerUnavailable,
      "The first resolve should pass on the factory's error, but \(first.summary).")
    let created = try #require(
      second.value,
      """
      After a factory threw, the next resolve should try again; but \(second.summary). Does \
      the singleton stay marked "being created" (or keep the error) after its factory throws?
      """
    )
    #expect(
      third.value === created && attempts.value == 2,
      """
      Once the retry succeeded, the singleton should be shared: the factory ran \
      \(attempts.value) time(s) for three resolves.
      """
    )
  }

  @Test("A factory that throws wakes the threads waiting for it, and the next try shares")
  func throwingFactoryWakesItsWaiters() async throws {
    let container = Container()
    let attempts = Counter()
    let firstAttemptStarted = Gate()
    let waiterThreads = Recorder<WatchedThread>()
    let waiters = 8
    container.register(Ledger.self, scope: .singleton) { _ in
      let attempt = attempts.next()
      if attempt == 1 {
        firstAttemptStarted.open()
        // Throw only once every waiter is parked inside resolve, waiting for this creation.
        waitUntilParked(waiterThreads, count: waiters, seconds: 5)
        throw LedgerUnavailable()
      }
      if attempt == 2 {
        // The next try, by one of the woken waiters: finish only once the others wait for it
        // again (or one of them has started a try of its own).
        waitUntilParked(waiterThreads, atLeast: waiters - 1, seconds: 5) { attempts.value > 2 }
      }
      return Ledger(clock: FixedClock())
    }
    let ledgers = Recorder<Ledger>()
    let errors = Recorder<String>()

    let finished = await runConcurrently(1 + waiters, timeLimit: .seconds(10)) { index in
      if index > 0 {
        _ = firstAttemptStarted.wait(seconds: 5)
        waiterThreads.append(.current())
      }
      do {
        ledgers.append(try container.resolve(Ledger.self))
      } catch {
        errors.append(describe(error))
      }
    }

    try #require(
      finished,
      """
      A singleton's first factory call threw while \(waiters) other threads waited for it, and \
      they never returned (10 seconds). When a creation fails, put the cell back to empty \
      and wake the waiters too, not only when it succeeds.
      """
    )
    let later = await resolveOffPool(Ledger.self, from: container)
    let shared = try #require(
      later.value,
      "After the failed creation, a later resolve should create the singleton; but \(later.summary)."
    )
    #expect(
      attempts.value == 2 && ledgers.all.allSatisfy { $0 === shared },
      """
      After the first creation threw, the singleton should be created once more and then \
      shared: its factory ran \(attempts.value) time(s), and the threads got \
      \(distinctInstances(ledgers.all + [shared])) different instances. A woken waiter \
      looks at the cell again: while another thread's new try is in flight, it waits again \
      (a wait in a loop, not a single wait followed by a creation of its own).
      """
    )
    #expect(
      errors.all.allSatisfy { $0 == "LedgerUnavailable()" },
      """
      A resolve may pass on the factory's own error, and nothing else; the threads got: \
      \(errors.all).
      """
    )
  }

  @Test(
    "Registering again replaces a registration of either scope, even a singleton in use",
    arguments: [Scope.transient, .singleton], [Scope.transient, .singleton])
  func registeringAgainReplaces(scope: Scope, newScope: Scope) async throws {
    for resolvedBefore in [false, true] {
      let container = Container()
      container.register((any Clock).self, scope: scope) { _ in FixedClock("first") }
      let outcome = await runOffPool(timeLimit: resolveTimeLimit) {
        if resolvedBefore { _ = try container.resolve((any Clock).self) }
        container.register((any Clock).self, scope: newScope) { _ in FixedClock("second") }
        return (try container.resolve((any Clock).self), try container.resolve((any Clock).self))
      }
      let before = "as a \(scope)\(resolvedBefore ? ", resolved it" : ""), then as a \(newScope)"

      let (first, second) = try #require(
        outcome.value, "Clock was registered \(before); resolving it failed: \(outcome.summary).")
      #expect(
        first.label == "second",
        """
        Clock was registered \(before); resolve should then use the new factory, but it \
        returned the '\(first.label)' clock. A new registration replaces the old one whole, \
        its shared instance too.
        """
      )
      #expect(
        (first === second) == (newScope == .singleton),
        """
        Clock was registered \(before); two resolves gave \
        \(first === second ? "one instance" : "two instances"). The new registration's \
        scope decides, not the old one's.
        """
      )
    }
  }

  @Test(
    "A singleton registered again is not made until its next resolve, even when the old one was in use",
    arguments: [Scope.transient, .singleton])
  func registeringAgainCreatesNothing(oldScope: Scope) async throws {
    let container = Container()
    container.register((any Clock).self, scope: oldScope) { _ in FixedClock("first") }
    let newMade = Counter()

    let outcome = await runOffPool(timeLimit: resolveTimeLimit) { () -> (Int, String) in
      _ = try container.resolve((any Clock).self)
      container.register((any Clock).self, scope: .singleton) { _ in
        newMade.increment()
        return FixedClock("second")
      }
      let madeByRegister = newMade.value
      return (madeByRegister, try container.resolve((any Clock).self).label)
    }

    let (madeByRegister, label) = try #require(
      outcome.value, "Registering Clock again and resolving it failed: \(outcome.summary).")
    #expect(
      madeByRegister == 0 && label == "second" && newMade.value == 1,
      """
      Clock was registered as a \(oldScope == .singleton ? "singleton" : "transient") and resolved, then registered again as a \
      singleton. Registering should create nothing: the new factory ran \(madeByRegister) \
      time(s) before anyone asked, and \(newMade.value) time(s) in all once Clock was \
      resolved (which gave the '\(label)' clock). A new registration's singleton is made \
      by its first resolve, like any other: its dependencies may not be registered yet, \
      and nobody may ever ask for it.
      """
    )
  }

  @Test("A singleton registered again while its old factory runs is then made by the new one")
  func registeringAgainDuringACreation() async throws {
    let container = Container()
    let oldStarted = Gate()
    let releaseOld = Gate()
    container.register((any Clock).self, scope: .singleton) { _ in
      oldStarted.open()
      _ = releaseOld.wait(seconds: 5)
      return FixedClock("old")
    }
    let duringCreation = Recorder<String>()

    let finished = await runConcurrently(2, timeLimit: .seconds(8)) { index in
      if index == 0 {
        let result = Result { try container.resolve((any Clock).self).label }
        duringCreation.append((try? result.get()) ?? "an error")
      } else {
        _ = oldStarted.wait(seconds: 5)
        container.register((any Clock).self, scope: .singleton) { _ in FixedClock("new") }
        releaseOld.open()
      }
    }
    try #require(
      finished,
      "Registering Clock again while its old factory ran did not return within 8 seconds.")
    let outcome = await runOffPool(timeLimit: resolveTimeLimit) {
      (try container.resolve((any Clock).self), try container.resolve((any Clock).self))
    }

    let (first, second) = try #require(
      outcome.value,
      "Resolving Clock after it was registered again failed: \(outcome.summary).")
    #expect(
      first.label == "new" && first === second,
      """
      One thread was creating the singleton Clock with its old factory when Clock was \
      registered again; that creation then returned the '\(duringCreation.all.first ?? "")' \
      clock. Every resolve after the new registration should share the new factory's \
      clock, but the next two gave the '\(first.label)' and '\(second.label)' clocks \
      (\(first === second ? "one instance" : "two instances")). The creation in flight \
      belongs to the old registration: what it makes must not land in the new one's place.
      """
    )
  }

  @Test(
    "A singleton registered again while its old factory runs, which then throws, is made once by the new one"
  )
  func registeringAgainDuringACreationThatThrows() async throws {
    let container = Container()
    let oldStarted = Gate()
    let releaseOld = Gate()
    let oldDone = Gate()
    let newStarted = Gate()
    let waiter = Recorder<WatchedThread>()
    let newMade = Counter()
    container.register((any Clock).self, scope: .singleton) { _ in
      oldStarted.open()
      _ = releaseOld.wait(seconds: 5)
      throw ClockBroken()
    }
    let clocks = Recorder<any Clock>()
    let failures = Recorder<String>()

    let finished = await runConcurrently(3, timeLimit: .seconds(8)) { index in
      switch index {
      case 0:
        // The old registration's creation, which throws once the new one is in flight.
        _ = try? container.resolve((any Clock).self)
        oldDone.open()
        return
      case 1:
        // Registers Clock again and starts the new registration's creation.
        _ = oldStarted.wait(seconds: 5)
        container.register((any Clock).self, scope: .singleton) { _ in
          if newMade.next() == 1 {
            newStarted.open()
            // Finish only once the third thread waits for this creation (or makes its own).
            waitUntilParked(waiter, atLeast: 1, seconds: 5) { newMade.value > 1 }
          }
          return FixedClock("new")
        }
      default:
        // Lets the old creation throw, then asks for the new singleton.
        _ = newStarted.wait(seconds: 5)
        releaseOld.open()
        _ = oldDone.wait(seconds: 5)
        waiter.append(.current())
      }
      do {
        clocks.append(try container.resolve((any Clock).self))
      } catch {
        failures.append(describe(error))
      }
    }

    try #require(
      finished,
      "Registering Clock again while its old factory ran, which then threw, did not end within 8 seconds."
    )
    let instances = distinctInstances(clocks.all)
    #expect(
      failures.all.isEmpty && clocks.all.count == 2 && instances == 1
        && clocks.all.allSatisfy { $0.label == "new" } && newMade.value == 1,
      """
      One thread was creating the singleton Clock with its old factory when Clock was \
      registered again, and a second thread started the new registration's creation; then \
      the old factory threw, and a third thread asked for Clock. Both should get the new \
      factory's one clock, made once: the new factory ran \(newMade.value) time(s), the two \
      threads got \(clocks.all.map(\.label)) (\(instances) instance(s)) and threw \
      \(failures.all). The old creation's failure belongs to the old registration: clearing \
      what it recorded must not clear the new registration's creation in flight.
      """
    )
  }

  @Test("Two containers side by side keep their own singletons", arguments: [false, true])
  func twoContainersKeepTheirOwnSingletons(secondAsksFirst: Bool) async throws {
    let first = Container()
    let second = Container()
    first.register((any Clock).self, scope: .singleton) { _ in FixedClock("first") }
    second.register((any Clock).self, scope: .singleton) { _ in FixedClock("second") }

    let outcome = await runOffPool(timeLimit: resolveTimeLimit) {
      let order =
        secondAsksFirst ? [second, first, second, first] : [first, second, first, second]
      return try order.map { try $0.resolve((any Clock).self) }
    }

    let clocks = try #require(
      outcome.value, "Resolving a singleton from two containers failed: \(outcome.summary).")
    let (firstClocks, secondClocks) =
      secondAsksFirst
      ? ([clocks[1], clocks[3]], [clocks[0], clocks[2]])
      : ([clocks[0], clocks[2]], [clocks[1], clocks[3]])
    #expect(
      firstClocks.allSatisfy { $0.label == "first" && $0 === firstClocks[0] }
        && secondClocks.allSatisfy { $0.label == "second" && $0 === secondClocks[0] },
      """
      Two containers each registered their own singleton Clock; the first resolved \
      \(firstClocks.map(\.label)) and the second \(secondClocks.map(\.label)). A singleton is \
      one per registration, kept by the container that registered it: a `static` table (one \
      for the whole app) hands one container's instance to another.
      """
    )
  }

  @Test("A container's singletons live and die with it", arguments: [1, 3])
  func singletonsDieWithTheirContainer(containers: Int) async throws {
    // One container after another, each dropped before the next is made: a new container
    // may then get the address of one that is gone.
    let outcome = await runOffPool(timeLimit: resolveTimeLimit) {
      try (0..<containers).map { index -> (label: String, shared: Bool, isGone: Bool) in
        weak var singleton: (any Clock)?
        var label = ""
        var shared = false
        do {
          let container = Container()
          container.register((any Clock).self, scope: .singleton) { _ in
            FixedClock("container \(index)")
          }
          let clock = try container.resolve((any Clock).self)
          shared = try container.resolve((any Clock).self) === clock
          label = clock.label
          singleton = clock
        }
        return (label, shared, singleton == nil)
      }
    }

    let clocks = try #require(
      outcome.value, "Resolving a singleton from a new container failed: \(outcome.summary).")
    #expect(
      clocks.map(\.label) == (0..<containers).map { "container \($0)" },
      """
      \(containers) containers, one after another, each registered and resolved its own \
      singleton Clock, and they got the clocks \(clocks.map(\.label)). A new container must \
      never see an old one's singleton, even when it reuses the old one's address (and so \
      its ObjectIdentifier).
      """
    )
    #expect(
      clocks.allSatisfy { $0.shared },
      "Each container resolved its singleton Clock twice and should get one instance both times.")
    #expect(
      clocks.allSatisfy { $0.isGone },
      """
      A container made a singleton and was then dropped, but the singleton stayed alive \
      (a weak reference to it was still set). A singleton lives as long as the container \
      that registered it: keep its instance in that container, not in a table outside it \
      (a `static` one lives until the app ends, whatever it is keyed by).
      """
    )
  }

  @Test("Right after its factory threw, the same thread creates the singleton, then shares it")
  func sameThreadRetriesAfterAThrow() async throws {
    // Twenty times, on one thread: each try's bookkeeping is freed and its memory reused by
    // the next, so a record that a throw left behind is met again.
    let outcome = await runOffPool(timeLimit: .seconds(5)) { () -> [String] in
      var problems: [String] = []
      for round in 1...20 {
        let container = Container()
        let attempts = Counter()
        container.register(Ledger.self, scope: .singleton) { _ in
          attempts.increment()
          if attempts.value == 1 { throw LedgerUnavailable() }
          return Ledger(clock: FixedClock())
        }
        _ = try? container.resolve(Ledger.self)
        do {
          let second = try container.resolve(Ledger.self)
          let third = try container.resolve(Ledger.self)
          if second !== third { problems.append("round \(round): two instances") }
        } catch {
          problems.append("round \(round): the retry threw \(describe(error))")
        }
      }
      return problems
    }

    let problems = try #require(
      outcome.value, "Resolving after a throwing factory did not end: \(outcome.summary).")
    #expect(
      problems.isEmpty,
      """
      A singleton's factory threw once; the same thread then resolved it twice more, on \
      twenty fresh containers. The retry should create it and the next resolve share it; \
      instead: \(problems.prefix(3).joined(separator: "; ")). Whatever a creation records \
      (that it is in flight, who runs it) is removed when its factory throws, too.
      """
    )
  }
  @Test(
    "A singleton registered again is let go once nobody else holds it",
    arguments: [Scope.singleton, .transient])
  func replacedSingletonIsLetGo(newScope: Scope) async throws {
    let container = Container()
    container.register((any Clock).self, scope: .singleton) { _ in FixedClock("first") }

    let outcome = await runOffPool(timeLimit: resolveTimeLimit) { () -> (String, Bool) in
      weak var replaced: (any Clock)?
      do {
        let first = try container.resolve((any Clock).self)
        replaced = first
      }
      container.register((any Clock).self, scope: newScope) { _ in FixedClock("second") }
      return (try container.resolve((any Clock).self).label, replaced == nil)
    }

    let (label, isGone) = try #require(
      outcome.value, "Registering Clock again and resolving it failed: \(outcome.summary).")
    #expect(label == "second", "After registering Clock again, resolve gave the '\(label)' clock.")
    #expect(
      isGone,
      """
      The singleton Clock was resolved and let go, then Clock was registered again, as a \
      \(newScope == .singleton ? "singleton" : "transient"); the old instance stayed alive \
      (a weak reference to it was still set), though nothing can resolve it any more. Registering again replaces the registration whole: keep \
      no list of replaced registrations or of their cells, or the old session cache, \
      the old client, live as long as the container.
      """
    )
  }
}

private struct LedgerUnavailable: Error {}

private struct ClockBroken: Error {}
