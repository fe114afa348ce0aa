import Foundation
import KataTestSupport
import Lesson05PropertyWrapper
import Testing

@Suite("Task 4 — Honour registrations made after the owner was created")
struct Task4Tests {
  @Test("A flag store registered after the gate was created is the one it asks")
  func laterRegistrationWins() async {
    let placeholder = FakeFlagStore(enabled: [])
    let remote = FakeFlagStore(enabled: ["new_checkout"])
    let container = makeTestContainer()
    container.register((any FeatureFlagStore).self) { placeholder }

    let answer = await Container.withCurrent(container) {
      let gate = FeatureGate()
      container.register((any FeatureFlagStore).self) { remote }
      return gate.isEnabled("new_checkout")
    }

    #expect(
      answer && remote.questionCount == 1 && placeholder.questionCount == 0,
      """
      The gate was created while a placeholder store was registered, then the remote store \
      replaced it before the first question; the gate should ask the remote store. Asked: \
      remote \(remote.questionCount) time(s), placeholder \(placeholder.questionCount) time(s). \
      Resolve on the first read, not when the owner is created.
      """
    )
  }

  @Test("A gate whose container has no flag store stops, even when the app's container has one")
  func missingRegistrationStopsWithoutFallingBack() async {
    let result = await #expect(
      processExitsWith: .failure,
      """
      A gate was created under an empty container, and asked a question. The answer came \
      back, so the flag store came from another container, the app's: a test that forgot a \
      fake would talk to the live service. The gate asks only the container of its creation, \
      and a missing registration there stops the app with a message.
      """
    ) {
      ChildsStandardError.capture(as: "gate-app")
      let gate = await Container.withCurrent(Container()) { FeatureGate() }
      _ = gate.isEnabled("new_checkout")
    }
    expectTheContainersMessage(in: result, named: "gate-app")
  }

  @Test("A gate whose container has no flag store stops, even when the reader's scope has one")
  func missingRegistrationStopsWithoutAskingTheReader() async {
    let result = await #expect(
      processExitsWith: .failure,
      """
      A gate was created under an empty container, and asked a question inside another \
      test's scope, whose container has a flag store. The answer came back, so the flag \
      store came from the reader's scope: one test would pick up another test's fakes. The \
      gate asks only the container of its creation, and a missing registration there stops \
      the app with a message, whoever reads it.
      """
    ) {
      ChildsStandardError.capture(as: "gate-reader")
      let gate = await Container.withCurrent(Container()) { FeatureGate() }
      let readers = makeTestContainer()
      readers.register((any FeatureFlagStore).self) { FakeFlagStore(enabled: ["new_checkout"]) }
      _ = await Container.withCurrent(readers) { gate.isEnabled("new_checkout") }
    }
    expectTheContainersMessage(in: result, named: "gate-reader")
  }

  @Test("A gate keeps the container it was created under, even when nothing else holds it")
  func ownerKeepsAContainerNobodyElseHolds() async {
    let store = FakeFlagStore(enabled: ["beta_menu"])
    let gate = await makeGateInAContainerNobodyKeeps(store)

    let outcome = await runOffPool { gate.isEnabled("beta_menu") }

    #expect(outcome.didFinish, "Reading the gate on a thread did not finish within 5 seconds.")
    #expect(
      outcome.value == true && store.questionCount == 1,
      """
      The gate was created in the scope of a container that nothing but the gate kept, and \
      read later on a thread; its store was asked \(store.questionCount) time(s), expected \
      once. The owner keeps its container alive: a weak reference lets it go, and the read \
      falls back to another container.
      """
    )
  }

  @Test("A gate created before its flag store is registered works once the registration arrives")
  func ownerCreatedBeforeAnyRegistration() async {
    await #expect(
      processExitsWith: .success,
      """
      A gate was created before any flag store was registered, then one was registered before \
      the first question. The process stopped (or the answer was wrong): does the wrapper \
      resolve, and stop on the missing registration, when the owner is created?
      """
    ) {
      let container = Container()
      let store = FakeFlagStore(enabled: ["new_checkout"])
      let answer = await Container.withCurrent(container) {
        let gate = FeatureGate()
        container.register((any FeatureFlagStore).self) { store }
        return gate.isEnabled("new_checkout")
      }
      if !answer || store.questionCount != 1 { exit(EXIT_FAILURE) }
    }
  }

  @Test("A gate keeps the container it was created under, whichever scope reads it first")
  func ownerKeepsItsContainerInAnotherScope() async {
    let creatorsStore = FakeFlagStore(enabled: ["beta_menu"])
    let creators = makeTestContainer()
    creators.register((any FeatureFlagStore).self) { creatorsStore }
    let othersStore = FakeFlagStore(enabled: [])
    let others = makeTestContainer()
    others.register((any FeatureFlagStore).self) { othersStore }

    let gate = await Container.withCurrent(creators) { FeatureGate() }
    let answer = await Container.withCurrent(others) { gate.isEnabled("beta_menu") }

    #expect(
      answer && creatorsStore.questionCount == 1 && othersStore.questionCount == 0,
      """
      The gate was created in one test's scope and first read in another's; it should ask the \
      store of the scope it was created in. Asked: creator's store \
      \(creatorsStore.questionCount) time(s), other store \(othersStore.questionCount) time(s). \
      An owner belongs to the container that was current when it was created, not to the \
      one current at its first read.
      """
    )
  }

  @Test("A gate created in a test's scope keeps its fakes when a plain thread reads it")
  func ownerKeepsItsContainerOnAThread() async {
    let store = FakeFlagStore(enabled: ["beta_menu"])
    let container = makeTestContainer()
    container.register((any FeatureFlagStore).self) { store }

    let gate = await Container.withCurrent(container) { FeatureGate() }
    let outcome = await runOffPool { gate.isEnabled("beta_menu") }

    #expect(outcome.didFinish, "Reading the gate on a thread did not finish within 5 seconds.")
    #expect(
      outcome.value == true && store.questionCount == 1,
      """
      A thread has no task-local values, so it sees the app's container; the gate was created \
      in the test's scope and should still ask the test's store. Asked \(store.questionCount) \
      time(s). The owner's container is the one current when it was created, not when it is \
      first read.
      """
    )
  }

  @Test(
    "A gate created outside any scope keeps the app's container when a test's scope reads it",
    arguments: [Set<String>(), ["new_checkout", "beta_menu"]])
  func ownerCreatedOutsideAScopeKeepsTheApp(testFlags: Set<String>) async {
    let store = FakeFlagStore(enabled: testFlags)
    let container = makeTestContainer()
    container.register((any FeatureFlagStore).self) { store }

    // NB: the app's bundled flags turn new_checkout on and beta_menu off.
    let gate = FeatureGate()
    let answers = await Container.withCurrent(container) {
      [gate.isEnabled("new_checkout"), gate.isEnabled("beta_menu")]
    }

    #expect(
      answers == [true, false] && store.questionCount == 0,
      """
      The gate was created outside any test's scope, so it belongs to the app and should \
      answer from the app's flags (new_checkout on, beta_menu off) even when it is first \
      read inside a test's scope. It answered \(answers), and the test's store was asked \
      \(store.questionCount) time(s). An owner keeps the container that was current when it was \
      created, the app's one included; the container current at the first read plays no part.
      """
    )
  }
}

/// A gate created in the scope of a container that this function alone holds, with `store`
/// registered: once it returns, only the gate can keep that container.
private func makeGateInAContainerNobodyKeeps(_ store: FakeFlagStore) async -> FeatureGate {
  let container = makeTestContainer()
  container.register((any FeatureFlagStore).self) { store }
  return await Container.withCurrent(container) { FeatureGate() }
}

/// Checks that a child process which stopped on a gate's missing flag store said so with the
/// container's message, which names the service.
private func expectTheContainersMessage(
  in result: ExitTest.Result?,
  named name: String,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let stderr = ChildsStandardError.read(name)
  // NB: a child that finished has failed the expectation above already.
  guard let result, !result.exitStatus.isSuccess else { return }
  #expect(
    stderr.contains("Nothing is registered for") && stderr.contains("FeatureFlagStore"),
    """
    The gate stopped the app, but its message does not name what is missing: a missing \
    registration should stop the app with the container's own message, "Nothing is \
    registered for … FeatureFlagStore …", the one fact a crash log needs to point at the \
    registration to add. It printed: \(stderr.suffix(300))
    """,
    sourceLocation: sourceLocation
  )
}
