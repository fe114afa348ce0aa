import KataTestSupport
import Lesson04Container
import Testing

@Suite("Task 7 — Override in a child container")
struct Task7Tests {
  @Test("A child's registration overrides its parent's for the child only")
  func childOverridesForItselfOnly() async throws {
    let parent = Container()
    parent.register((any Clock).self) { _ in FixedClock("live") }
    let child = parent.makeChild()
    child.register((any Clock).self) { _ in FixedClock("test") }

    let outcome = await runOffPool(timeLimit: resolveTimeLimit) {
      (try child.resolve((any Clock).self), try parent.resolve((any Clock).self))
    }

    let (childClock, parentClock) = try #require(
      outcome.value, "Resolving Clock from a child and its parent failed: \(outcome.summary).")

    #expect(
      childClock.label == "test",
      "The child should resolve its own override; got the '\(childClock.label)' clock.")
    #expect(
      parentClock.label == "live",
      """
      Registering in the child changed what the parent resolves (the '\(parentClock.label)' \
      clock). A child keeps its own registrations and never writes into its parent.
      """
    )
  }

  @Test("A child falls back to its parent, and its own registrations stay in the child")
  func childFallsBackButKeepsItsOwn() async throws {
    let parent = Container()
    parent.register((any Clock).self) { _ in FixedClock("live") }
    let child = parent.makeChild()
    child.register(Payments.Client.self) { _ in Payments.Client() }

    let outcome = await runOffPool(timeLimit: resolveTimeLimit) {
      (
        (try? child.resolve((any Clock).self))?.label,
        (try? child.resolve(Payments.Client.self)) != nil,
        Result { try parent.resolve(Payments.Client.self) }.isUnregistered
      )
    }

    let (clockLabel, childHasClient, parentMisses) = try #require(
      outcome.value, "Resolving from a child and its parent never returned: \(outcome.summary).")
    #expect(
      clockLabel == "live",
      "A child should fall back to its parent for what it does not register itself.")
    #expect(childHasClient, "The child should resolve what it registered.")
    #expect(
      parentMisses,
      """
      The parent should know nothing of a registration made in its child: resolving it from \
      the parent should throw ContainerError.unregistered.
      """
    )
  }

  @Test(
    "A child sees what its parent registers after the child was made",
    arguments: ["live", "production"])
  func childSeesLaterParentRegistrations(label: String) async throws {
    let parent = Container()
    let child = parent.makeChild()
    child.register((any Clock).self, name: "child") { _ in FixedClock("child") }
    parent.register((any Clock).self) { _ in FixedClock(label) }

    let outcome = await runOffPool(timeLimit: resolveTimeLimit) {
      (
        try? child.resolve((any Clock).self),
        (try? parent.resolve((any Clock).self, name: "child")) != nil
      )
    }

    let (clock, parentSeesChild) = try #require(
      outcome.value, "Resolving from a child and its parent never returned: \(outcome.summary).")

    #expect(
      clock?.label == label,
      """
      The parent registered Clock after makeChild(), and the child could not resolve it \
      (got \(clock.map { "the '\($0.label)' clock" } ?? "nothing")). Did the child copy its \
      parent's registrations when it was made? A child should ask its parent at resolve \
      time, so it sees what the parent registers later.
      """
    )
    #expect(
      !parentSeesChild,
      """
      The parent resolved a Clock that only the child registered: is makeChild() handing \
      back the parent itself? A child is a container of its own that knows its parent.
      """
    )
  }

  @Test("A child shares its parent's singletons", arguments: [1, 3])
  func childSharesParentSingletons(children: Int) async throws {
    let parent = Container()
    let made = Counter()
    parent.register(Ledger.self, scope: .singleton) { _ in
      made.increment()
      return Ledger(clock: FixedClock())
    }
    parent.register((any Clock).self) { _ in FixedClock("live") }
    let kids = (0..<children).map { _ in parent.makeChild() }
    for (index, child) in kids.enumerated() {
      child.register((any Clock).self) { _ in FixedClock("child \(index)") }
    }

    let outcome = await runOffPool(timeLimit: resolveTimeLimit) {
      (
        try kids.map { try $0.resolve(Ledger.self) }, try parent.resolve(Ledger.self),
        try kids.map { try $0.resolve((any Clock).self).label },
        try parent.resolve((any Clock).self).label
      )
    }

    let (fromChildren, fromParent, clocks, parentClock) = try #require(
      outcome.value, "Resolving from a parent and its children failed: \(outcome.summary).")

    #expect(
      fromChildren.allSatisfy { $0 === fromParent } && made.value == 1,
      """
      The parent's singleton should be one instance for the parent and its \(children) \
      child container(s); it was created \(made.value) time(s). Keep it in the container \
      that registered it.
      """
    )
    #expect(
      clocks == kids.indices.map { "child \($0)" } && parentClock == "live",
      """
      Each child also registered a Clock of its own, so that a "child" that is really the \
      parent cannot pass: the children should resolve their own clocks and the parent \
      'live'; the children resolved \(clocks) and the parent '\(parentClock)'. Is makeChild() \
      handing back the parent, or one shared child?
      """
    )
  }

  @Test(
    "A parent and its child that ask for the parent's singleton at once share its one creation",
    arguments: [false, true])
  func parentAndChildShareOneCreation(childAsksFirst: Bool) async throws {
    let parent = Container()
    let child = parent.makeChild()
    let made = Counter()
    let creationStarted = Gate()
    let secondAsker = Recorder<WatchedThread>()
    parent.register(Ledger.self, scope: .singleton) { _ in
      if made.next() == 1 {
        creationStarted.open()
        // Finish only once the other container's caller waits for this creation.
        waitUntilParked(secondAsker, count: 1, seconds: 5)
      }
      return Ledger(clock: FixedClock())
    }
    let (first, second) = childAsksFirst ? (child, parent) : (parent, child)
    let ledgers = Recorder<Ledger>()
    let failures = Recorder<String>()

    let finished = await runConcurrently(2, timeLimit: .seconds(8)) { index in
      if index == 1 {
        _ = creationStarted.wait(seconds: 5)
        secondAsker.append(.current())
      }
      do {
        ledgers.append(try (index == 0 ? first : second).resolve(Ledger.self))
      } catch {
        failures.append(describe(error))
      }
    }

    let (creator, waiter) = childAsksFirst ? ("child", "parent") : ("parent", "child")
    try #require(
      finished,
      """
      The \(creator) started creating the parent's singleton Ledger, and the \(waiter) asked \
      for it while it was in flight; 8 seconds later they had not both returned. A caller \
      that waits for a creation in flight must be woken when it ends, whichever container \
      it asked: wait where the creation will signal, in the singleton's own cell (or its \
      owner's), not in the container you were asked on.
      """
    )
    #expect(
      failures.all.isEmpty && made.value == 1 && ledgers.all.count == 2
        && distinctInstances(ledgers.all) == 1,
      """
      The \(creator) started creating the parent's singleton Ledger and the \(waiter) asked \
      for it meanwhile: both should share the one Ledger, made once. Its factory ran \
      \(made.value) time(s), the two got \(distinctInstances(ledgers.all)) instance(s) and \
      threw \(failures.all).
      """
    )
  }

  @Test("A child's override reaches the services the child makes")
  func overrideReachesDependents() async throws {
    let parent = Container()
    parent.register((any Clock).self) { _ in FixedClock("live") }
    parent.register(Ledger.self) { resolver in
      Ledger(clock: try resolver.resolve((any Clock).self))
    }
    let child = parent.makeChild()
    child.register((any Clock).self) { _ in FixedClock("test") }

    let outcome = await resolveOffPool(Ledger.self, from: child)

    let ledger = try #require(
      outcome.value, "Resolving Ledger from the child should work; but \(outcome.summary).")
    #expect(
      ledger.clock.label == "test",
      """
      The child overrides Clock, so a Ledger the child makes should get the 'test' clock; it \
      got '\(ledger.clock.label)'. A transient's factory should resolve from the container \
      that was asked, not from the one that registered it.
      """
    )
  }

  @Test(
    "A parent's singleton is built from the parent's registrations, even when a child asks first")
  func parentSingletonIgnoresChildOverrides() async throws {
    let parent = Container()
    parent.register((any Clock).self) { _ in FixedClock("live") }
    parent.register(Ledger.self, scope: .singleton) { resolver in
      Ledger(clock: try resolver.resolve((any Clock).self))
    }
    let child = parent.makeChild()
    child.register((any Clock).self) { _ in FixedClock("test") }

    let outcome = await resolveOffPool(Ledger.self, from: child)

    let ledger = try #require(
      outcome.value, "Resolving Ledger from the child should work; but \(outcome.summary).")
    #expect(
      ledger.clock.label == "live",
      """
      The parent's singleton Ledger was built with the child's 'test' clock, so the parent \
      (the whole app) now holds a test double. A singleton belongs to the container that \
      registered it: build it from that container's registrations.
      """
    )
  }
  @Test("A grandchild sees what its parent and its grandparent register", arguments: [false, true])
  func grandchildSeesTheWholeLine(childOverrides: Bool) async throws {
    let root = Container()
    let made = Counter()
    root.register((any Clock).self) { _ in FixedClock("live") }
    root.register(Ledger.self, scope: .singleton) { _ in
      made.increment()
      return Ledger(clock: FixedClock("root"))
    }
    let child = root.makeChild()
    if childOverrides { child.register((any Clock).self) { _ in FixedClock("child") } }
    let grandchild = child.makeChild()

    let outcome = await runOffPool(timeLimit: resolveTimeLimit) {
      (
        try grandchild.resolve((any Clock).self).label, try grandchild.resolve(Ledger.self),
        try root.resolve(Ledger.self)
      )
    }

    let expected = childOverrides ? "child" : "live"
    let (label, fromGrandchild, fromRoot) = try #require(
      outcome.value,
      """
      A child of a child should resolve what its parent or its grandparent registered; but \
      \(outcome.summary). Does a child ask only its own parent's table, not the parent's \
      parent?
      """
    )
    #expect(
      label == expected && fromGrandchild === fromRoot && made.value == 1,
      """
      A child of a child\(childOverrides ? ", whose parent overrides Clock," : "") should \
      resolve the '\(expected)' Clock and share its grandparent's singleton; it got the \
      '\(label)' Clock, and the singleton was created \(made.value) time(s).
      """
    )
  }

  @Test("A child's own singleton stands beside its parent's", arguments: [1, 2])
  func childSingletonOverridesForItselfOnly(children: Int) async throws {
    let parent = Container()
    parent.register((any Clock).self, scope: .singleton) { _ in FixedClock("live") }

    let outcome = await runOffPool(timeLimit: resolveTimeLimit) {
      let before = try parent.resolve((any Clock).self)
      let kids = (0..<children).map { _ in parent.makeChild() }
      for (index, child) in kids.enumerated() {
        child.register((any Clock).self, scope: .singleton) { _ in FixedClock("child \(index)") }
      }
      let fromChildren = try kids.map {
        [try $0.resolve((any Clock).self), try $0.resolve((any Clock).self)]
      }
      return (before, fromChildren, try parent.resolve((any Clock).self))
    }

    let (before, fromChildren, after) = try #require(
      outcome.value,
      "Resolving singletons from a parent and its children failed: \(outcome.summary).")
    let childrenOK = fromChildren.enumerated().allSatisfy { index, clocks in
      clocks[0].label == "child \(index)" && clocks[0] === clocks[1]
    }
    #expect(
      childrenOK && after === before,
      """
      The parent's singleton Clock was resolved, then each of \(children) child container(s) \
      registered a singleton Clock of its own. Each child should share its own clock, and the parent \
      keep its '\(before.label)' one; the children got \(fromChildren.map { $0.map(\.label) }) \
      and the parent then got '\(after.label)'\(after === before ? "" : ", another instance"). \
      A singleton's instance belongs to the container that registered it.
      """
    )
  }

  @Test(
    "A grandparent's singleton is built from the grandparent's registrations, even when a grandchild asks first",
    arguments: [false, true])
  func grandparentSingletonIgnoresDescendantOverrides(grandchildOverrides: Bool) async throws {
    let root = Container()
    root.register((any Clock).self) { _ in FixedClock("live") }
    root.register(Ledger.self, scope: .singleton) { resolver in
      Ledger(clock: try resolver.resolve((any Clock).self))
    }
    let child = root.makeChild()
    child.register((any Clock).self) { _ in FixedClock("child") }
    let grandchild = child.makeChild()
    if grandchildOverrides {
      grandchild.register((any Clock).self) { _ in FixedClock("grandchild") }
    }

    let outcome = await runOffPool(timeLimit: resolveTimeLimit) {
      (try grandchild.resolve(Ledger.self), try root.resolve(Ledger.self))
    }

    let (fromGrandchild, fromRoot) = try #require(
      outcome.value,
      "Resolving Ledger from a grandchild, then from the root, failed: \(outcome.summary).")
    #expect(
      fromGrandchild.clock.label == "live" && fromGrandchild === fromRoot,
      """
      The root's singleton Ledger was first asked for by a grandchild, whose parent \
      \(grandchildOverrides ? "and itself override" : "overrides") Clock; it was built with \
      the '\(fromGrandchild.clock.label)' clock\
      \(fromGrandchild === fromRoot ? "" : ", and the root got another instance"). A \
      singleton is built from the registrations of the container that registered it (here \
      the root, two levels up), not of the container the lookup passed through last.
      """
    )
  }

  @Test(
    "A parent's registration replaced after a child used it reaches the child",
    arguments: [Scope.transient, .singleton])
  func parentReplacementReachesChild(scope: Scope) async throws {
    let parent = Container()
    parent.register((any Clock).self, scope: scope) { _ in FixedClock("old") }
    let child = parent.makeChild()

    let outcome = await runOffPool(timeLimit: resolveTimeLimit) {
      let before = try child.resolve((any Clock).self).label
      parent.register((any Clock).self, scope: scope) { _ in FixedClock("new") }
      return (before, try child.resolve((any Clock).self).label)
    }

    let (before, after) = try #require(
      outcome.value, "Resolving Clock from a child failed: \(outcome.summary).")
    #expect(
      before == "old" && after == "new",
      """
      A child resolved its parent's Clock (a \(scope)), then the parent registered Clock \
      again; the child got the '\(before)' clock, then the '\(after)' one. A child asks its \
      parent on every resolve: if it remembers what it found, it misses what the parent \
      registers later.
      """
    )
  }

  @Test(
    "A child keeps its parent alive: a child of a container nobody else holds still finds its registrations",
    arguments: [1, 2])
  func childKeepsItsParent(generations: Int) async throws {
    let outcome = await runOffPool(timeLimit: resolveTimeLimit) {
      let descendant = makeDescendantOfDroppedContainers(generations: generations)
      return try descendant.resolve((any Clock).self).label
    }

    let kin = generations == 1 ? "a child" : "a child of a child"
    #expect(
      outcome.value == "root",
      """
      \(kin.prefix(1).uppercased() + kin.dropFirst()) was made from a container that only \
      it still refers to (`Container().makeChild()`, as a test or a feature may write it); \
      resolving the root's Clock from it should work, but \(outcome.summary). A child needs \
      its parent for as long as the child lives: hold it strongly (a parent never holds \
      its children, so there is no cycle to break).
      """
    )
  }

  @Test(
    "A child that asked before its parent registered a service finds it once the parent has",
    arguments: [1, 2])
  func childSeesRegistrationAfterAMiss(generations: Int) async throws {
    let parent = Container()
    var descendant = parent
    for _ in 0..<generations { descendant = descendant.makeChild() }
    let asker = descendant

    let outcome = await runOffPool(timeLimit: resolveTimeLimit) { () -> (String, String) in
      let before = describe(Result { try asker.resolve((any Clock).self) }.failure)
      parent.register((any Clock).self) { _ in FixedClock("loaded later") }
      let after = Result { try asker.resolve((any Clock).self).label }
      return (before, (try? after.get()).map { "the '\($0)' clock" } ?? describe(after.failure))
    }

    let kin = generations == 1 ? "A child" : "A child of a child"
    let (before, after) = try #require(
      outcome.value, "Resolving Clock from a child failed: \(outcome.summary).")
    #expect(
      after == "the 'loaded later' clock",
      """
      \(kin) resolved Clock before anyone registered it (it got \(before)); then its \
      root container registered Clock (as a remote configuration loaded later may), and \
      it resolved Clock again: it got \(after). A child asks its parent on every resolve: if it \
      remembers that a service was missing, it misses what the parent registers later.
      """
    )
  }

  @Test(
    "A parent's singleton that keeps its resolver resolves later from the parent, even when a child asked first"
  )
  func keptResolverOfAParentSingletonStaysWithTheParent() async throws {
    let parent = Container()
    parent.register((any Clock).self) { _ in FixedClock("live") }
    parent.register(Scheduler.self, scope: .singleton) { resolver in
      Scheduler(clock: { try resolver.resolve((any Clock).self) })
    }
    let child = parent.makeChild()
    child.register((any Clock).self) { _ in FixedClock("test") }

    let outcome = await runOffPool(timeLimit: resolveTimeLimit) { () -> [String] in
      let fromChild = try child.resolve(Scheduler.self)
      let fromParent = try parent.resolve(Scheduler.self)
      return [try fromParent.clock().label, try fromChild.clock().label]
    }

    #expect(
      outcome.value == ["live", "live"],
      """
      The parent registered a Clock ('live') and a singleton Scheduler that keeps its \
      resolver to ask for the Clock later; a child overrode Clock ('test') and asked for \
      the Scheduler first. The parent's Scheduler should then read the parent's clock, \
      whoever asks it: expected ["live", "live"] (read through the parent, then through \
      the child), but \(outcome.summary). The resolver a singleton keeps belongs to the \
      container that registered it, also once its factory has returned; otherwise the \
      whole app keeps a child's test double.
      """
    )
  }

  @Test("A child finds its parent's named registrations too")
  func childFindsItsParentsNamedRegistrations() async throws {
    let parent = Container()
    parent.register((any Clock).self, name: "utc") { _ in FixedClock("utc") }
    parent.register((any Clock).self, name: "local") { _ in FixedClock("local") }
    let child = parent.makeChild()
    child.register((any Clock).self) { _ in FixedClock("child") }

    let outcome = await runOffPool(timeLimit: resolveTimeLimit) {
      [
        try child.resolve((any Clock).self, name: "utc").label,
        try child.resolve((any Clock).self, name: "local").label,
        try child.resolve((any Clock).self).label,
        (try? parent.resolve((any Clock).self))?.label ?? "nothing",
      ]
    }

    #expect(
      outcome.value == ["utc", "local", "child", "nothing"],
      """
      The parent registered Clock "utc" and Clock "local"; its child registered an unnamed \
      Clock of its own. The child should find "utc" and "local" in its parent and its own \
      unnamed one, and the parent still no unnamed Clock: expected ["utc", "local", "child", \
      "nothing"], but \(outcome.summary). A child falls back to its parent for every key it \
      lacks, named or not.
      """
    )
  }

  @Test("Once a child is gone, so are the singletons it made for itself")
  func droppedChildTakesItsSingletonsAlong() async throws {
    let parent = Container()
    parent.register((any Clock).self, scope: .singleton) { _ in FixedClock("live") }

    let outcome = await runOffPool(timeLimit: resolveTimeLimit) { () -> (Bool, Bool, String) in
      weak var child: Container?
      weak var childClock: (any Clock)?
      var label = ""
      do {
        let made = parent.makeChild()
        made.register((any Clock).self, scope: .singleton) { _ in FixedClock("child") }
        let clock = try made.resolve((any Clock).self)
        label = clock.label
        child = made
        childClock = clock
      }
      return (child == nil, childClock == nil, label)
    }

    let (childGone, clockGone, label) = try #require(
      outcome.value, "Making and using a child failed: \(outcome.summary).")
    #expect(
      label == "child" && childGone && clockGone,
      """
      A child registered its own singleton Clock, resolved it ('\(label)'), and was let go. \
      The child \(childGone ? "is gone" : "is still alive") and its clock \
      \(clockGone ? "is gone" : "is still alive"). A child scope (a signed-in account, a \
      test) ends when nobody holds it, and its singletons end with it: a parent that keeps \
      its children, or a table of instances outside the containers, keeps them all forever.
      """
    )
  }

  @Test(
    "A child's override that needs its parent's singleton, built from the parent's own registration of the same service, is no cycle",
    arguments: [Scope.transient, .singleton], [Scope.transient, .singleton])
  func childOverrideThroughAParentSingletonIsNoCycle(ledgerScope: Scope, overrideScope: Scope)
    async throws
  {
    // The child's test clock writes to the app's Ledger. As a parent's singleton, that Ledger
    // is built with the parent's live clock: two registrations of Clock, no cycle. As a
    // transient, the Ledger the child makes gets the child's clock: a real cycle.
    let parent = Container()
    let runaway = RunawayGuard()
    parent.register((any Clock).self) { _ in FixedClock("live") }
    parent.register(Ledger.self, scope: ledgerScope) { resolver in
      try runaway.tick()
      return Ledger(clock: try resolver.resolve((any Clock).self))
    }
    let child = parent.makeChild()
    child.register((any Clock).self, scope: overrideScope) { resolver in
      try runaway.tick()
      let ledger = try resolver.resolve(Ledger.self)
      return FixedClock("test, writing to a ledger with the '\(ledger.clock.label)' clock")
    }

    let outcome = await resolveOffPool((any Clock).self, from: child)

    if ledgerScope == .singleton {
      #expect(
        outcome.value?.label == "test, writing to a ledger with the 'live' clock",
        """
        A child overrides Clock with a test clock that needs the parent's singleton Ledger, \
        which the parent builds from its own, live Clock. The child's Clock and the \
        parent's Clock are two registrations, so nothing needs itself; resolving Clock from \
        the child should return the test clock, but \(outcome.summary). A chain entry \
        stands for one registration: the service, and the container whose registrations \
        its factory resolves from (the child's override is not the parent's service).
        """
      )
    } else {
      #expect(
        isCycle(outcome.error, path: ["Clock", "Ledger", "Clock"]),
        """
        A child overrides Clock with a test clock that needs the parent's transient Ledger; \
        a Ledger the child makes resolves the child's Clock, which needs a Ledger again: a \
        real cycle. Expected ContainerError.cycle(path: ["Clock", "Ledger", "Clock"]); but \
        \(outcome.summary). Telling registrations apart by their container must not hide \
        a cycle that runs through a child and its parent.
        """
      )
    }
  }
}

extension Result {
  /// The error, if this is a failure.
  fileprivate var failure: Failure? {
    if case .failure(let error) = self { return error }
    return nil
  }

  /// Whether this failed with `ContainerError.unregistered`.
  fileprivate var isUnregistered: Bool {
    guard case .failure(let error) = self, case .unregistered? = error as? ContainerError else {
      return false
    }
    return true
  }
}

/// A child (or a child of a child) of a root that registers Clock as "root"; nothing but the
/// returned container refers to the root or the containers between.
private func makeDescendantOfDroppedContainers(generations: Int) -> Container {
  var container = Container()
  container.register((any Clock).self) { _ in FixedClock("root") }
  for _ in 0..<generations {
    container = container.makeChild()
  }
  return container
}
