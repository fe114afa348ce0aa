import Lesson04Container
import Testing

@Suite("Task 1 — Register and resolve by type")
struct Task1Tests {
  @Test("Two types that share a short name keep their own registrations")
  func sameShortNameDoesNotCollide() {
    let container = Container()
    container.register(Payments.Client.self) { _ in Payments.Client() }
    container.register(Analytics.Client.self) { _ in Analytics.Client() }

    let payments = try? container.resolve(Payments.Client.self)
    let analytics = try? container.resolve(Analytics.Client.self)

    #expect(
      payments != nil,
      """
      Payments.Client was registered, but resolving it failed. It and Analytics.Client are \
      both called "Client": is the key String(describing:), which is the same for both, so \
      the second registration replaced the first? Two types need two keys, even when their \
      names print alike.
      """
    )
    #expect(analytics != nil, "Analytics.Client was registered, but resolving it failed.")
  }

  @Test("A transient is made by its own factory, anew on every resolve")
  func transientMakesNewInstances() {
    let container = Container()
    let paymentsMade = Counter()
    let analyticsMade = Counter()
    container.register(Payments.Client.self) { _ in
      paymentsMade.increment()
      return Payments.Client()
    }
    container.register(Analytics.Client.self) { _ in
      analyticsMade.increment()
      return Analytics.Client()
    }

    let first = try? container.resolve(Payments.Client.self)
    let second = try? container.resolve(Payments.Client.self)

    #expect(
      paymentsMade.value == 2 && analyticsMade.value == 0,
      """
      Two resolves of Payments.Client should call its own factory twice and no other; \
      Payments.Client's factory ran \(paymentsMade.value) time(s) and Analytics.Client's \
      \(analyticsMade.value) time(s).
      """
    )
    #expect(
      first != nil && first !== second,
      "A transient service should be a new instance on every resolve."
    )
  }

  @Test("Registering a type again replaces that type's factory only")
  func laterRegistrationWins() {
    let container = Container()
    let replacedMade = Counter()
    let paymentsMade = Counter()
    let analyticsMade = Counter()
    container.register(Payments.Client.self) { _ in
      replacedMade.increment()
      return Payments.Client()
    }
    container.register(Payments.Client.self) { _ in
      paymentsMade.increment()
      return Payments.Client()
    }
    container.register(Analytics.Client.self) { _ in
      analyticsMade.increment()
      return Analytics.Client()
    }

    _ = try? container.resolve(Payments.Client.self)

    #expect(
      paymentsMade.value == 1 && replacedMade.value == 0 && analyticsMade.value == 0,
      """
      Payments.Client was registered twice, then Analytics.Client once; resolving \
      Payments.Client should use its later factory only. Calls: earlier \
      \(replacedMade.value), later \(paymentsMade.value), Analytics.Client's \
      \(analyticsMade.value).
      """
    )
  }

  @Test("A transient is new for every service that needs it, also within one resolve")
  func transientIsNewWithinOneResolve() async throws {
    let container = Container()
    let clocksMade = Counter()
    let clocksSeen = Recorder<(fromLedger: any Clock, ownClock: any Clock)>()
    container.register((any Clock).self) { _ in
      FixedClock("clock \(clocksMade.next())")
    }
    container.register(Ledger.self) { resolver in
      Ledger(clock: try resolver.resolve((any Clock).self))
    }
    // ReportService needs a Ledger, which needs a Clock, and a Clock of its own.
    container.register(ReportService.self) { resolver in
      let ledger = try resolver.resolve(Ledger.self)
      clocksSeen.append((ledger.clock, try resolver.resolve((any Clock).self)))
      return ReportService(ledger: ledger)
    }

    let outcome = await resolveOffPool(ReportService.self, from: container)

    try #require(
      outcome.didFinish && clocksSeen.all.count == 1,
      "Resolving ReportService, which needs a Ledger and a Clock, failed: \(outcome.summary).")
    let (fromLedger, ownClock) = clocksSeen.all[0]
    #expect(
      clocksMade.value == 2 && fromLedger !== ownClock,
      """
      One resolve of ReportService needs Clock twice: once for its Ledger, once for itself. \
      Clock is a transient, so each should get a new one; Clock's factory ran \
      \(clocksMade.value) time(s), and ReportService got \
      \(fromLedger === ownClock ? "its Ledger's clock" : "a clock of its own"). Swinject's \
      default scope, `.graph`, does share an instance within one resolve; this lesson's \
      transient does not: a new instance on every resolve, nested ones too.
      """
    )
  }

  @Test("A transient lives only as long as whoever resolved it keeps it")
  func transientIsNotKeptByTheContainer() {
    let container = Container()
    container.register(Payments.Client.self) { _ in Payments.Client() }
    container.register(Analytics.Client.self) { _ in Analytics.Client() }
    weak var payments: Payments.Client?
    weak var analytics: Analytics.Client?
    var resolvedBoth = false
    do {
      let madePayments = try? container.resolve(Payments.Client.self)
      let madeAnalytics = try? container.resolve(Analytics.Client.self)
      resolvedBoth = madePayments != nil && madeAnalytics != nil
      payments = madePayments
      analytics = madeAnalytics
    }

    #expect(
      resolvedBoth, "Payments.Client and Analytics.Client were registered; resolving both failed.")
    #expect(
      payments == nil && analytics == nil,
      """
      The test resolved a transient Payments.Client and Analytics.Client and let them go; \
      nothing else should hold them now, yet \(payments == nil ? "" : "Payments.Client ")\
      \(analytics == nil ? "" : "Analytics.Client ")stayed alive. A transient belongs to \
      whoever resolved it: a container that keeps every instance it made never lets one go.
      """
    )
  }
}
