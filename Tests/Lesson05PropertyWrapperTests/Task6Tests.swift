import Lesson05PropertyWrapper
import Synchronization
import Testing

@Suite("Task 6 — Give the checkout service its collaborators through its initializer")
struct Task6Tests {
  private let mugs = CartItem(name: "Mug", priceInCents: 1_200, quantity: 2)
  private let tea = CartItem(name: "Tea", priceInCents: 500, quantity: 1)

  @Test("Placing an order charges the gateway the service was built with")
  func chargesTheGivenGateway() async {
    let payments = SpyPaymentGateway()
    let analytics = SpyAnalytics()
    let service = makeCheckoutService(payments: payments, analytics: analytics)

    let outcome = await service.placeOrder([mugs, tea])

    #expect(
      payments.charges == [2_900],
      """
      The service should charge 2900 cents to the gateway passed to \
      makeCheckoutService(payments:analytics:); that gateway was charged \(payments.charges). \
      Business logic should charge the very gateway it was built with.
      """
    )
    #expect(
      outcome == .placed(chargeID: "ch_2900"),
      "The order should be placed with the gateway's charge id; got \(outcome).")
    #expect(
      analytics.events == ["order_placed"],
      "The analytics passed in should receive order_placed; it received \(analytics.events)."
    )
  }

  @Test("A failed charge is reported to the analytics the service was built with")
  func reportsFailureToTheGivenAnalytics() async {
    let analytics = SpyAnalytics()
    let service = makeCheckoutService(
      payments: SpyPaymentGateway(failing: .declined),
      analytics: analytics
    )

    let outcome = await service.placeOrder([tea])

    #expect(
      outcome == .failed(PaymentError.declined.description),
      "A declined charge should end the order as failed with the gateway's reason; got \(outcome)."
    )
    #expect(
      analytics.events == ["order_failed"],
      "The analytics passed in should receive order_failed; it received \(analytics.events)."
    )
  }

  @Test("Two checkout services side by side each use the collaborators they were built with")
  func twoServicesKeepTheirOwnCollaborators() async {
    let firstPayments = SpyPaymentGateway()
    let firstAnalytics = SpyAnalytics()
    let secondPayments = SpyPaymentGateway(failing: .declined)
    let secondAnalytics = SpyAnalytics()
    let first = makeCheckoutService(payments: firstPayments, analytics: firstAnalytics)
    let second = makeCheckoutService(payments: secondPayments, analytics: secondAnalytics)

    let outcomes = [
      await first.placeOrder([mugs, tea]), await second.placeOrder([tea]),
      await first.placeOrder([tea]),
    ]

    #expect(
      outcomes == [
        .placed(chargeID: "ch_2900"), .failed(PaymentError.declined.description),
        .placed(chargeID: "ch_500"),
      ],
      """
      The first service was built with a gateway that charges, the second with one that \
      declines; their orders ended \(outcomes), expected placed, declined, placed.
      """
    )
    #expect(
      firstPayments.charges == [2_900, 500] && secondPayments.charges == [500]
        && firstAnalytics.events == ["order_placed", "order_placed"]
        && secondAnalytics.events == ["order_failed"],
      """
      Each service should use only what it was built with: the first gateway was charged \
      \(firstPayments.charges) (expected [2900, 500]), the second \(secondPayments.charges) \
      (expected [500]); the analytics received \(firstAnalytics.events) and \
      \(secondAnalytics.events). Collaborators kept in static or shared state, or one service \
      reused for every call, are shared by every service; each instance keeps its own, \
      received through its initializer.
      """
    )
  }

  @Test("Building and using the checkout service asks the container for nothing")
  func resolvesNothingFromTheContainer() async {
    let decoyPayments = FactoryLog<SpyPaymentGateway>()
    let decoyAnalytics = FactoryLog<SpyAnalytics>()
    let container = makeTestContainer()
    container.register((any PaymentGateway).self) { decoyPayments.make { SpyPaymentGateway() } }
    container.register((any Analytics).self) { decoyAnalytics.make { SpyAnalytics() } }
    let payments = SpyPaymentGateway()

    let outcome = await Container.withCurrent(container) {
      await makeCheckoutService(payments: payments, analytics: SpyAnalytics()).placeOrder([tea])
    }

    #expect(outcome == .placed(chargeID: "ch_500"), "The order should be placed; got \(outcome).")
    #expect(
      decoyPayments.count == 0 && decoyAnalytics.count == 0,
      """
      The checkout service should take everything it needs through its initializer, and ask \
      the container for nothing; the container built \(decoyPayments.count) gateways and \
      \(decoyAnalytics.count) analytics for it. Is an @Injected property left in the service?
      """
    )
  }

  @Test(
    "Placing an order with the collaborators given asks the app's Container.shared for nothing",
    arguments: [false, true])
  func asksTheAppContainerForNothing(declined: Bool) async throws {
    let payments = SpyPaymentGateway(failing: declined ? .declined : nil)
    let analytics = SpyAnalytics()

    let (outcome, asked) = try await AppLookups.watching {
      await makeCheckoutService(payments: payments, analytics: analytics).placeOrder([mugs, tea])
    }

    #expect(
      asked.isEmpty,
      """
      The checkout service was built with a gateway and an analytics, outside any test's \
      scope, and placed an order; meanwhile it asked the app's Container.shared for \
      \(asked). A lookup left in a method body, of Container.shared or of \
      Container.current, is the same hidden dependency as an @Injected property: report and \
      charge only through what the initializer was given.
      """
    )
    let expected: OrderOutcome =
      declined ? .failed(PaymentError.declined.description) : .placed(chargeID: "ch_2900")
    #expect(
      outcome == expected && payments.charges == [2_900]
        && analytics.events == [declined ? "order_failed" : "order_placed"],
      """
      The order should end as \(expected), charging 2900 cents to the gateway given and \
      reporting \(declined ? "order_failed" : "order_placed") to the analytics given; it \
      ended as \(outcome), the gateway was charged \(payments.charges) and the analytics \
      received \(analytics.events).
      """
    )
  }

  @Test("An old caller's CheckoutService() looks nothing up in a container")
  func oldCallersInitLooksNothingUp() async throws {
    let decoyPayments = FactoryLog<SpyPaymentGateway>()
    let decoyAnalytics = FactoryLog<SpyAnalytics>()
    let decoys = makeTestContainer()
    decoys.register((any PaymentGateway).self) { decoyPayments.make { SpyPaymentGateway() } }
    decoys.register((any Analytics).self) { decoyAnalytics.make { SpyAnalytics() } }

    // NB: `CheckoutService()` reaches the service's own initializer if one can be called
    // without arguments, and the tests' stand-in below if none can.
    let (_, asked) = try await AppLookups.watching {
      await Container.withCurrent(decoys) { await CheckoutService().placeOrder([tea]) }
    }
    let decoysAsked = decoyPayments.count + decoyAnalytics.count

    #expect(
      asked.isEmpty && decoysAsked == 0,
      """
      An old caller wrote CheckoutService(), inside a test's scope, and placed an order: the \
      service has an initializer that can be called without arguments (init(), or one whose \
      every parameter has a default, such as init(fromAppContainer: Void = ())), and it \
      looked the collaborators up: the app's Container.shared was asked for \(asked), the \
      test's container \(decoysAsked) time(s). Such an initializer hides the very lookup \
      this task removes; delete it, and let every caller pass the gateway and analytics.
      """
    )
  }

  @Test(
    "The checkout service stores its collaborators, and no container at any depth",
    arguments: [false, true])
  func storesNoContainer(builtInsideAScope: Bool) async {
    let build = { makeCheckoutService(payments: SpyPaymentGateway(), analytics: SpyAnalytics()) }
    let service =
      builtInsideAScope ? await Container.withCurrent(makeTestContainer()) { build() } : build()

    let containers = storedContainers(in: service)

    #expect(
      containers.isEmpty,
      """
      The checkout service \(builtInsideAScope ? "built inside a test's scope " : "")stores a \
      container (found by reflection at \(containers)), so it still looks its collaborators \
      up when it runs, whatever the wrapper or property holding it is called, even if \
      makeCheckoutService fills that container with exactly the instances it was given. A \
      service that takes its collaborators through its initializer keeps those, and no \
      container.
      """
    )
  }

  @Test(
    "The checkout service stores no property wrapper, whatever it is called",
    arguments: [CheckoutBuilder.harness, .compositionRoot])
  func storesNoPropertyWrapper(builtBy builder: CheckoutBuilder) throws {
    let service: CheckoutService =
      switch builder {
      case .harness: makeCheckoutService(payments: SpyPaymentGateway(), analytics: SpyAnalytics())
      case .compositionRoot: try Container.live().resolve(CheckoutService.self)
      }

    let wrapped = wrappedProperties(in: service)

    #expect(
      wrapped.isEmpty,
      """
      The checkout service built by \(builder) keeps a property behind a property wrapper \
      (found by reflection: \(wrapped), the storage the compiler makes for a wrapped \
      property). A wrapper that looks its service up, under any name, and even one that \
      keeps only what it looked up, hides the service's dependencies from its initializer \
      again. Store the collaborators the initializer receives, as plain properties.
      """
    )
  }

  @Test("The composition root hands the checkout service its own gateway and analytics")
  func compositionRootPassesItsOwnCollaborators() async {
    let decoyPayments = FactoryLog<SpyPaymentGateway>()
    let decoyAnalytics = FactoryLog<SpyAnalytics>()
    let decoys = makeTestContainer()
    decoys.register((any PaymentGateway).self) { decoyPayments.make { SpyPaymentGateway() } }
    decoys.register((any Analytics).self) { decoyAnalytics.make { SpyAnalytics() } }
    let live = Container.live()

    // The root's factory runs inside the decoys' scope, where a lookup would find them.
    let outcome = await Container.withCurrent(decoys) { () -> OrderOutcome? in
      guard let service = try? live.resolve(CheckoutService.self) else { return nil }
      return await service.placeOrder([tea])
    }

    #expect(
      decoyPayments.count == 0 && decoyAnalytics.count == 0,
      """
      Container.live() built the checkout service while a test's container was current, and \
      that container's factories ran for it: the gateway's \(decoyPayments.count) time(s), the \
      analytics' \(decoyAnalytics.count) time(s). The composition root should pass the service \
      its own payments and analytics explicitly, in the factory it registers. Does the service \
      still read them through @Injected, or do default arguments of its initializer look them \
      up in Container.current?
      """
    )
    #expect(
      outcome == .failed(PaymentError.offline.description),
      """
      The service from Container.live() should charge the root's own LivePaymentGateway, \
      which fails as offline in the kata; the order ended \
      \(outcome.map { "\($0)" } ?? "nowhere: resolving CheckoutService.self threw")\
      \(decoyPayments.count > 0 ? ", charged to the test's gateway" : ""). Register \
      CheckoutService.self with a factory that passes the root's payments and analytics to \
      its initializer.
      """
    )
  }

  @Test("The composition root's checkout service reports to the analytics the root shares")
  func compositionRootSharesItsAnalytics() throws {
    let live = Container.live()
    let shared = try live.resolve((any Analytics).self)
    let service = try live.resolve(CheckoutService.self)

    // What a closure captures stays unseen: a design that keeps its collaborators in
    // closures is not judged here.
    let held = storedObjects(in: service).filter { $0 is any Analytics }
    #expect(
      held.isEmpty || held.contains { $0 === shared as AnyObject },
      """
      Container.live() gives every screen one analytics (the one its Analytics factory \
      returns), but the checkout service it builds holds another one: checkout's events \
      would go to a queue nobody else sees. The composition root builds what the app shares \
      once and hands the very same instances to the service it builds: not a second \
      LiveAnalytics, nor one looked up in another container such as Container.shared.
      """
    )
  }

  @Test("Guard: a container built by Container.live() goes away once nothing holds it")
  func liveContainerGoesAwayWithItsLastHolder() async throws {
    weak var released: Container?
    do {
      let live = Container.live()
      released = live
      let service = try live.resolve(CheckoutService.self)
      _ = await service.placeOrder([tea])
    }

    #expect(
      released == nil,
      """
      A container built by Container.live(), whose checkout service placed an order, is \
      still alive after the test let go of it and of the service: something keeps it, most \
      likely a factory it holds that captures it (the container keeps its factories, the \
      factory keeps the container: a retain cycle). Every container live() builds, for a \
      preview or a test, then lives until the app ends. Hand the service the root's own \
      instances, or capture the container [unowned container] in a factory that resolves \
      from it.
      """
    )
  }

  @Test(
    "Guard: an empty cart charges nothing and reports nothing",
    arguments: [[], [CartItem(name: "Mug", priceInCents: 1_200, quantity: 0)]])
  func emptyCartChargesNothing(items: [CartItem]) async {
    let payments = SpyPaymentGateway()
    let analytics = SpyAnalytics()
    let service = makeCheckoutService(payments: payments, analytics: analytics)

    let outcome = await service.placeOrder(items)

    #expect(
      outcome == .emptyCart && payments.charges.isEmpty && analytics.events.isEmpty,
      """
      A cart of \(items.count) line(s) worth 0 cents ended as \(outcome), with charges \
      \(payments.charges) and events \(analytics.events). An empty cart is no order: the \
      service should charge nothing, report nothing, and answer .emptyCart, as the starter did.
      """
    )
  }

  @Test("Guard: the live container holds every service the app's screens and coordinators read")
  func liveContainerHoldsEveryService() {
    let live = Container.live()
    let missing = [
      ("any Analytics", (try? live.resolve((any Analytics).self)) is LiveAnalytics),
      ("any ProfileService", (try? live.resolve((any ProfileService).self)) is LiveProfileService),
      ("any Router", (try? live.resolve((any Router).self)) is LiveRouter),
      (
        "any FeatureFlagStore",
        (try? live.resolve((any FeatureFlagStore).self)) is BundledFeatureFlags
      ),
      ("CheckoutService", (try? live.resolve(CheckoutService.self)) != nil),
    ].filter { !$0.1 }.map(\.0)

    #expect(
      missing.isEmpty,
      """
      Container.live() gave no live service for \(missing). The composition root is the one \
      place that registers what the app's @Injected properties read, and the checkout \
      service; keep those registrations, and change only how CheckoutService is built.
      """
    )
  }
}

/// Counts what the app's own container is asked for by the task that watches it.
private final class AppLookups: Sendable {
  /// Runs `body` while Container.shared notes each analytics and gateway that this task asks
  /// it for, and returns what `body` returned with what was asked.
  ///
  /// NB: the app's container keeps answering with the very same instances, so other tests
  /// see no change; only lookups made by this test's own task are counted.
  static func watching<Result: Sendable>(
    _ body: () async -> Result,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> (Result, asked: [String]) {
    let app = Container.shared
    let appAnalytics = try #require(
      try? app.resolve((any Analytics).self),
      "Container.shared should hold the app's analytics, registered by Container.live().",
      sourceLocation: sourceLocation)
    let appPayments = try #require(
      try? app.resolve((any PaymentGateway).self),
      "Container.shared should hold the app's payment gateway, registered by Container.live().",
      sourceLocation: sourceLocation)
    let lookups = AppLookups()
    app.register((any Analytics).self) { lookups.note("an analytics", then: appAnalytics) }
    app.register((any PaymentGateway).self) { lookups.note("a gateway", then: appPayments) }
    defer {
      app.register((any Analytics).self) { appAnalytics }
      app.register((any PaymentGateway).self) { appPayments }
    }
    let result = await $watched.withValue(true) { await body() }
    return (result, lookups.asked)
  }

  /// Set by the test around the code it watches; other tests' lookups are not counted.
  @TaskLocal static var watched = false

  private let recorded = Mutex<[String]>([])

  /// Records `service` if the watching task asked for it, and returns `instance`.
  func note<Service>(_ service: String, then instance: Service) -> Service {
    if Self.watched { recorded.withLock { $0.append(service) } }
    return instance
  }

  var asked: [String] { recorded.withLock { $0 } }
}

/// What an old caller's `CheckoutService()` builds when no initializer of the service can be
/// called without arguments: a service with fakes, which looks nothing up.
///
/// NB: Swift picks the initializer with the fewest defaulted arguments, so any public
/// initializer of the service that `CheckoutService()` can call (`init()`, or one whose every
/// parameter has a default) wins over this one, whose four defaults no real initializer has;
/// only when there is none does the call land here. A protocol extension, so that it compiles
/// whether the service is a struct or a class.
private protocol BuiltWithoutArguments {}

extension CheckoutService: BuiltWithoutArguments {}

extension BuiltWithoutArguments where Self == CheckoutService {
  init(
    noInitializerOfTheServiceTakesNoArguments: Void = (), _: Void = (), _: Void = (),
    _: Void = ()
  ) {
    self = makeCheckoutService(payments: SpyPaymentGateway(), analytics: SpyAnalytics())
  }
}

/// Who builds the checkout service that the property-wrapper test looks inside.
enum CheckoutBuilder: Sendable, CustomStringConvertible {
  case harness
  case compositionRoot

  var description: String {
    switch self {
    case .harness: "makeCheckoutService(payments:analytics:)"
    case .compositionRoot: "Container.live()"
    }
  }
}

/// The stored properties inside `value` that a property wrapper keeps, as paths such as
/// `"_payments"` or `"dependencies._analytics"`: the compiler stores `@Wrapper var name` as
/// `_name`, whatever the wrapper is called.
///
/// Reflection follows `value` itself and the structs, enums, tuples and optionals stored in
/// it, at any depth; it stops at objects (the collaborators) and cannot look inside closures.
private func wrappedProperties(in value: Any, path: String = "") -> [String] {
  var found: [String] = []
  var level: Mirror? = Mirror(reflecting: value)
  while let current = level {
    for (index, child) in current.children.enumerated() {
      let label = child.label ?? "\(index)"
      let childPath = (path.isEmpty ? "" : path + ".") + label
      if label.hasPrefix("_") { found.append(childPath) }
      switch Mirror(reflecting: child.value).displayStyle {
      case .struct, .enum, .tuple, .optional:
        found += wrappedProperties(in: child.value, path: childPath)
      default:
        break
      }
    }
    level = current.superclassMirror
  }
  return found
}
