import Lesson04Container
import Testing

@Suite("Task 7 — Override in a child container")
struct Task7Tests {
  @Test("A child's registration overrides its parent's for the child only")
  func childOverridesForItselfOnly() throws {
    let parent = Container()
    parent.register((any Clock).self) { _ in FixedClock("live") }
    let child = parent.makeChild()
    child.register((any Clock).self) { _ in FixedClock("test") }

    let childClock = try child.resolve((any Clock).self)
    let parentClock = try parent.resolve((any Clock).self)

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
  func childFallsBackButKeepsItsOwn() {
    let parent = Container()
    parent.register((any Clock).self) { _ in FixedClock("live") }
    let child = parent.makeChild()
    child.register(Payments.Client.self) { _ in Payments.Client() }

    let clock = try? child.resolve((any Clock).self)

    #expect(
      clock?.label == "live",
      "A child should fall back to its parent for what it does not register itself.")
    #expect(
      (try? child.resolve(Payments.Client.self)) != nil,
      "The child should resolve what it registered.")
    #expect(
      throws: ContainerError.self,
      "The parent should know nothing of a registration made in its child."
    ) {
      try parent.resolve(Payments.Client.self)
    }
  }

  @Test(
    "A child sees what its parent registers after the child was made",
    arguments: ["live", "production"])
  func childSeesLaterParentRegistrations(label: String) {
    let parent = Container()
    let child = parent.makeChild()
    child.register((any Clock).self, name: "child") { _ in FixedClock("child") }
    parent.register((any Clock).self) { _ in FixedClock(label) }

    let clock = try? child.resolve((any Clock).self)
    let parentSeesChild = (try? parent.resolve((any Clock).self, name: "child")) != nil

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
  func childSharesParentSingletons(children: Int) throws {
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

    let fromChildren = try kids.map { try $0.resolve(Ledger.self) }
    let fromParent = try parent.resolve(Ledger.self)
    let clocks = try kids.map { try $0.resolve((any Clock).self).label }
    let parentClock = try parent.resolve((any Clock).self).label

    #expect(
      fromChildren.allSatisfy { $0 === fromParent } && made.value == 1,
      """
      The parent's singleton should be one instance for the parent and its \(children) \
      children; it was created \(made.value) times. Keep it in the container that \
      registered it.
      """
    )
    #expect(
      clocks == kids.indices.map { "child \($0)" } && parentClock == "live",
      """
      Each child overrode Clock for itself; the children resolved \(clocks) and the parent \
      '\(parentClock)'. Is makeChild() handing back the parent, or one shared child?
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
}
