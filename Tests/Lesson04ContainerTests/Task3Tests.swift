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
    #expect(made.value == 1, "A singleton's factory should run once; it ran \(made.value) times.")
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
      \(made.value) times. Checking for an instance, then creating it, is a race when the \
      check and the store are two steps: mark the singleton as being created before you \
      unlock, and make the other callers wait for that one creation.
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
      Each singleton should be created once; Ledger was created \(ledgersMade.value) times \
      and Clock \(clocksMade.value) times. Keep one "being created" marker per registration.
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
      \(attempts.value) times for three resolves.
      """
    )
  }
}

private struct LedgerUnavailable: Error {}
