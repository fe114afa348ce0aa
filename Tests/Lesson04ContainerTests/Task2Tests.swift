import KataTestSupport
import Lesson04Container
import Testing

@Suite("Task 2 — Report a missing registration")
struct Task2Tests {
  @Test("Resolving an unregistered service throws an error that names it")
  func missNamesTheService() {
    let container = Container()

    let error = #expect(
      throws: ContainerError.self, "Resolving what nobody registered should throw."
    ) {
      try container.resolve((any Clock).self)
    }

    #expect(
      isUnregistered(error, service: "Clock", name: nil),
      """
      Expected ContainerError.unregistered(service: "Clock", name: nil); got \
      \(describe(error)). The person reading the log needs to know what \
      to register: the error should name the type that was asked for.
      """
    )
  }

  @Test("Each miss names the service that was asked for", arguments: ["Ledger", "Client"])
  func eachMissNamesItsService(service: String) {
    let container = Container()
    container.register((any Clock).self) { _ in FixedClock() }

    let error = #expect(
      throws: ContainerError.self, "Resolving what nobody registered should throw."
    ) {
      if service == "Ledger" {
        _ = try container.resolve(Ledger.self)
      } else {
        _ = try container.resolve(Payments.Client.self)
      }
    }

    #expect(
      isUnregistered(error, service: service, name: nil),
      """
      Resolving \(service), which nobody registered, should throw \
      ContainerError.unregistered(service: "\(service)", name: nil); got \(describe(error)). \
      The error should name the type that was asked for, whichever it is.
      """
    )
  }

  @Test("A service registered as its concrete type is not found under its protocol")
  func registrationIsByTheExactType() {
    let container = Container()
    container.register(FixedClock.self) { _ in FixedClock() }

    let error = #expect(throws: ContainerError.self, "Only FixedClock was registered, not Clock.") {
      try container.resolve((any Clock).self)
    }

    #expect(
      isUnregistered(error, service: "Clock", name: nil),
      """
      Asking for Clock when only FixedClock is registered should throw \
      ContainerError.unregistered(service: "Clock", name: nil), naming the type you asked \
      for; got \(describe(error)).
      """
    )
  }

  @Test("A singleton already made is found only under the type it was registered as")
  func madeSingletonIsFoundUnderItsOwnTypeOnly() async {
    let container = Container()
    container.register(FixedClock.self, scope: .singleton) { _ in FixedClock("made") }

    let outcome = await runOffPool(timeLimit: resolveTimeLimit) {
      _ = try container.resolve(FixedClock.self)
      return try container.resolve((any Clock).self)
    }

    #expect(
      isUnregistered(outcome.error, service: "Clock", name: nil),
      """
      FixedClock was registered as a singleton and resolved, so its instance exists; then \
      Clock, which nobody registered, was asked for. That should throw \
      ContainerError.unregistered(service: "Clock", name: nil); but \(outcome.summary). A \
      resolve finds a registration by its key, never an instance that happens to fit.
      """
    )
  }
}
