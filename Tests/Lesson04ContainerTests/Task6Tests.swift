import KataTestSupport
import Lesson04Container
import Testing

@Suite("Task 6 — Tell registrations apart by name")
struct Task6Tests {
  @Test("Two registrations of one type are told apart by their names")
  func namesSelectTheirOwnFactories() throws {
    let container = Container()
    container.register((any Clock).self, name: "utc") { _ in FixedClock("utc") }
    container.register((any Clock).self, name: "local") { _ in FixedClock("local") }

    let utc = try container.resolve((any Clock).self, name: "utc")
    let local = try container.resolve((any Clock).self, name: "local")

    #expect(
      utc.label == "utc" && local.label == "local",
      """
      Clock was registered twice, as "utc" and as "local", and each name should resolve \
      to its own clock; resolve(Clock, name: "utc") gave the '\(utc.label)' clock and \
      name "local" gave the '\(local.label)' one. A registration is told apart by its \
      name as well as by its type.
      """
    )
  }

  @Test("A named registration stands beside the unnamed one")
  func namedAndUnnamedCoexist() throws {
    let container = Container()
    container.register((any Clock).self) { _ in FixedClock("default") }
    container.register((any Clock).self, name: "utc") { _ in FixedClock("utc") }

    let unnamed = try container.resolve((any Clock).self)

    #expect(
      unnamed.label == "default",
      "A Clock named \"utc\" should leave the unnamed Clock alone; got '\(unnamed.label)'."
    )
  }

  @Test("The empty name is a name: a Clock named \"\" stands beside the unnamed one")
  func emptyNameIsNotTheUnnamedRegistration() async throws {
    let container = Container()
    container.register((any Clock).self) { _ in FixedClock("unnamed") }
    container.register((any Clock).self, name: "") { _ in FixedClock("named \"\"") }

    let outcome = await runOffPool(timeLimit: resolveTimeLimit) {
      (
        try container.resolve((any Clock).self).label,
        try container.resolve((any Clock).self, name: "").label
      )
    }

    let (unnamed, empty) = try #require(
      outcome.value,
      "Resolving the unnamed Clock and the one named \"\" failed: \(outcome.summary).")
    #expect(
      unnamed == "unnamed" && empty == "named \"\"",
      """
      Clock was registered without a name and again under the name "" (an empty string); \
      the unnamed resolve gave the '\(unnamed)' clock and the resolve of name "" the \
      '\(empty)' one. No name (nil) and the name "" are two registrations: does your key \
      store a missing name as ""?
      """
    )
  }

  @Test(
    "A named registration may depend on the same type under another name",
    arguments: [Scope.transient, .singleton])
  func namedDecoratorIsNotACycle(scope: Scope) async throws {
    let container = Container()
    container.register((any Clock).self, name: "utc", scope: scope) { _ in FixedClock("utc") }
    container.register((any Clock).self, name: "local", scope: scope) { resolver in
      let utc = try resolver.resolve((any Clock).self, name: "utc")
      return FixedClock("local, from \(utc.label)")
    }

    let outcome = await resolveOffPool((any Clock).self, name: "local", from: container)

    var advice = ""
    if case .cycle? = outcome.error as? ContainerError {
      advice = """
         Does your resolution chain, or your record of the creations in flight, hold only \
        types? An entry names a registration, so it holds the registration's name as well \
        as its type, like the key.
        """
    } else if !outcome.didFinish {
      advice = """
         Is something held or awaited per type while a singleton is created (a lock, a \
        creation in flight)? Two names are two registrations, each with its own singleton.
        """
    }
    let local = try #require(
      outcome.value,
      """
      Clock named "local" is built from Clock named "utc" (both \(scope == .singleton ? "singletons" : "transients")): the same type \
      under another name, which is not a cycle. Resolving it should work; but \
      \(outcome.summary).\(advice)
      """
    )
    #expect(
      local.label == "local, from utc",
      "Clock named \"local\" should be built from Clock named \"utc\"; got '\(local.label)'.")
  }

  @Test("A miss names the registration name it looked for")
  func missNamesTheName() {
    let container = Container()
    container.register((any Clock).self) { _ in FixedClock("default") }

    let error = #expect(
      throws: ContainerError.self,
      "Only an unnamed Clock was registered; resolving Clock named \"utc\" should throw."
    ) {
      try container.resolve((any Clock).self, name: "utc")
    }

    #expect(
      isUnregistered(error, service: "Clock", name: "utc"),
      """
      Only an unnamed Clock was registered, so resolving Clock named "utc" should throw \
      ContainerError.unregistered(service: "Clock", name: "utc"), naming the name it looked \
      for; got \(describe(error)). A named miss never falls back to the unnamed registration.
      """
    )
  }
  @Test("Two named singletons of one type are each their own instance")
  func namedSingletonsAreKeptApart() async throws {
    let container = Container()
    container.register((any Clock).self, name: "utc", scope: .singleton) { _ in FixedClock("utc") }
    container.register((any Clock).self, name: "local", scope: .singleton) { _ in
      FixedClock("local")
    }

    let outcome = await runOffPool(timeLimit: resolveTimeLimit) {
      try ["utc", "local", "utc", "local"].map { try container.resolve((any Clock).self, name: $0) }
    }

    let clocks = try #require(
      outcome.value, "Resolving two named singletons failed: \(outcome.summary).")
    #expect(
      clocks.map(\.label) == ["utc", "local", "utc", "local"] && clocks[0] === clocks[2]
        && clocks[1] === clocks[3],
      """
      Clock named "utc" and Clock named "local" are two singletons; resolving utc, local, \
      utc, local gave the clocks \(clocks.map(\.label)). Each registration keeps its own \
      instance: is the singleton kept by type alone, without its name?
      """
    )
  }

  @Test("An unnamed resolve never falls back to a named registration", arguments: ["utc", "local"])
  func unnamedResolveIgnoresNamedRegistrations(name: String) {
    let container = Container()
    container.register((any Clock).self, name: name) { _ in FixedClock(name) }

    let error = #expect(
      throws: ContainerError.self,
      "Only Clock named \"\(name)\" was registered, not the unnamed one."
    ) {
      try container.resolve((any Clock).self)
    }

    #expect(
      isUnregistered(error, service: "Clock", name: nil),
      """
      Only Clock named "\(name)" was registered; resolving the unnamed Clock should throw \
      ContainerError.unregistered(service: "Clock", name: nil), got \(describe(error)). A \
      name is part of what you ask for: no name is not "any name".
      """
    )
  }

  @Test(
    "Two types registered under the same name keep their own registrations",
    arguments: ["utc", "local"])
  func sameNameOnTwoTypesDoesNotCollide(name: String) async throws {
    let container = Container()
    container.register((any Clock).self, name: name) { _ in FixedClock("\(name) clock") }
    container.register(Ledger.self, name: name) { _ in Ledger(clock: FixedClock("\(name) ledger")) }
    // An unnamed Clock too, registered last: a container that ignores names answers with it.
    container.register((any Clock).self) { _ in FixedClock("unnamed clock") }

    let outcome = await runOffPool(timeLimit: resolveTimeLimit) {
      (
        Result { try container.resolve((any Clock).self, name: name).label },
        Result { try container.resolve(Ledger.self, name: name).clock.label }
      )
    }

    let (clock, ledger) = try #require(
      outcome.value, "Resolving two named registrations never returned: \(outcome.summary).")
    #expect(
      (try? clock.get()) == "\(name) clock" && (try? ledger.get()) == "\(name) ledger",
      """
      Clock and Ledger were both registered under the name "\(name)", and Clock once more \
      without a name. Resolving Clock named \
      "\(name)" gave \(Self.outcome(clock)), and Ledger named "\(name)" gave \
      \(Self.outcome(ledger)). A name tells apart registrations of one type; the key is \
      the type and the name together, never the name alone.
      """
    )
  }

  private static func outcome(_ result: Result<String, any Error>) -> String {
    switch result {
    case .success(let label): return "the '\(label)' one"
    case .failure(let error): return "an error, \(describe(error))"
    }
  }
  @Test(
    "A slow named singleton does not delay the same type under another name",
    arguments: ["utc", "local"])
  func slowNamedSingletonDoesNotDelayAnotherName(slow: String) async throws {
    let other = slow == "utc" ? "local" : "utc"
    let container = Container()
    let slowFactoryStarted = Gate()
    let otherResolved = Gate()
    let otherArrivedInTime = Recorder<Bool>()
    container.register((any Clock).self, name: slow, scope: .singleton) { _ in
      slowFactoryStarted.open()
      otherArrivedInTime.append(otherResolved.wait(seconds: 2))
      return FixedClock(slow)
    }
    container.register((any Clock).self, name: other, scope: .singleton) { _ in
      FixedClock(other)
    }

    let finished = await runConcurrently(2, timeLimit: .seconds(8)) { index in
      if index == 0 {
        _ = try? container.resolve((any Clock).self, name: slow)
      } else if slowFactoryStarted.wait(seconds: 3),
        (try? container.resolve((any Clock).self, name: other))?.label == other
      {
        otherResolved.open()
      }
    }

    try #require(finished, "The two threads did not finish within 8 seconds.")
    #expect(
      otherArrivedInTime.all == [true],
      """
      While the singleton Clock named "\(slow)" was being created on one thread, another \
      thread could not create the singleton Clock named "\(other)" for 2 seconds. Two \
      names are two registrations: whatever you lock or wait for while a singleton is \
      created (a lock per singleton, a creation in flight) belongs to that one registration, \
      its name included, never to its type alone.
      """
    )
  }

  @Test("Names are taken as written: \"UTC\" and \"utc\" are two registrations")
  func namesAreCaseSensitive() throws {
    let container = Container()
    container.register((any Clock).self, name: "utc") { _ in FixedClock("utc") }
    container.register((any Clock).self, name: "UTC") { _ in FixedClock("UTC") }

    let lower = try container.resolve((any Clock).self, name: "utc")
    let upper = try container.resolve((any Clock).self, name: "UTC")

    #expect(
      lower.label == "utc" && upper.label == "UTC",
      """
      Clock was registered as "utc" and as "UTC"; each name should resolve to its own \
      clock, but "utc" gave the '\(lower.label)' clock and "UTC" the '\(upper.label)' one. \
      A name is part of the key as written: do not lowercase or trim it.
      """
    )
  }
}
