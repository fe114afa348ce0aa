import Foundation
import Lesson03ServiceLocator
import Synchronization
import Testing

#if canImport(Runtime)
  import Runtime
#endif

// MARK: - Types whose names collide

/// Two features each with a type called `Settings`: `String(describing:)` prints both as
/// "Settings".
enum Billing {
  struct Settings: Equatable { let currency: String }
  struct Invoice {}
}

enum Shipping {
  struct Settings: Equatable { let carrier: String }
}

enum Archive {
  struct Invoice {}
}

/// A generic service: `Cache<Billing.Invoice>` and `Cache<Archive.Invoice>` both print as
/// "Cache<Invoice>".
struct Cache<Entry>: Equatable {
  let label: String
}

/// The app's own `Data`, a top-level type of this test module beside Foundation's `Data`:
/// their names differ only in the module (`Lesson03ServiceLocatorTests.Data`,
/// `Foundation.Data`).
struct Data: Equatable {
  let label: String
}

/// Thirty markers whose names do not contain one another, for a long list of requirements
/// (`Cache<Shelf.Alpha>`, `Cache<Shelf.Bravo>`, …) and a long chain of factories.
enum Shelf {
  enum Alpha {}
  enum Bravo {}
  enum Charlie {}
  enum Delta {}
  enum Echo {}
  enum Foxtrot {}
  enum Golf {}
  enum Hotel {}
  enum India {}
  enum Juliett {}
  enum Kilo {}
  enum Lima {}
  enum Mike {}
  enum November {}
  enum Oscar {}
  enum Papa {}
  enum Quebec {}
  enum Romeo {}
  enum Sierra {}
  enum Tango {}
  enum Uniform {}
  enum Victor {}
  enum Whiskey {}
  enum Xray {}
  enum Yankee {}
  enum Zulu {}
  enum Mercury {}
  enum Venus {}
  enum Saturn {}
  enum Neptune {}

  /// Thirty distinct types, each with the marker's name as an error message should show it.
  static let caches: [(type: any Any.Type, name: String)] = [
    (Cache<Alpha>.self, "Alpha"), (Cache<Bravo>.self, "Bravo"), (Cache<Charlie>.self, "Charlie"),
    (Cache<Delta>.self, "Delta"), (Cache<Echo>.self, "Echo"), (Cache<Foxtrot>.self, "Foxtrot"),
    (Cache<Golf>.self, "Golf"), (Cache<Hotel>.self, "Hotel"), (Cache<India>.self, "India"),
    (Cache<Juliett>.self, "Juliett"), (Cache<Kilo>.self, "Kilo"), (Cache<Lima>.self, "Lima"),
    (Cache<Mike>.self, "Mike"), (Cache<November>.self, "November"), (Cache<Oscar>.self, "Oscar"),
    (Cache<Papa>.self, "Papa"), (Cache<Quebec>.self, "Quebec"), (Cache<Romeo>.self, "Romeo"),
    (Cache<Sierra>.self, "Sierra"), (Cache<Tango>.self, "Tango"), (Cache<Uniform>.self, "Uniform"),
    (Cache<Victor>.self, "Victor"), (Cache<Whiskey>.self, "Whiskey"), (Cache<Xray>.self, "Xray"),
    (Cache<Yankee>.self, "Yankee"), (Cache<Zulu>.self, "Zulu"), (Cache<Mercury>.self, "Mercury"),
    (Cache<Venus>.self, "Venus"), (Cache<Saturn>.self, "Saturn"), (Cache<Neptune>.self, "Neptune"),
  ]

  /// Fourteen links of a chain, `Cache<Shelf.Alpha>` to `Cache<Shelf.November>`: each
  /// link's factory resolves the next one from the same locator.
  static let chain: [ChainLink] = [
    .of(Alpha.self, "Alpha"), .of(Bravo.self, "Bravo"), .of(Charlie.self, "Charlie"),
    .of(Delta.self, "Delta"), .of(Echo.self, "Echo"), .of(Foxtrot.self, "Foxtrot"),
    .of(Golf.self, "Golf"), .of(Hotel.self, "Hotel"), .of(India.self, "India"),
    .of(Juliett.self, "Juliett"), .of(Kilo.self, "Kilo"), .of(Lima.self, "Lima"),
    .of(Mike.self, "Mike"), .of(November.self, "November"),
  ]
}

/// One link of a chain of services: a distinct type whose factory makes its label from
/// the next link's, which it resolves from the same locator.
struct ChainLink: Sendable {
  /// The marker's name; a made link's label lists the names from this link to the last.
  let name: String
  /// Registers the link in `locator`: its factory calls `ran`, then resolves the next
  /// link's label with `next` and makes `name`, then `" > "` and that label.
  let register:
    @Sendable (
      _ locator: ServiceLocator, _ next: (@Sendable () -> String)?,
      _ ran: @escaping @Sendable () -> Void
    ) -> Void
  /// Resolves the link from `locator` and gives its label.
  let resolve: @Sendable (_ locator: ServiceLocator) throws -> String

  static func of<Marker>(_ marker: Marker.Type, _ name: String) -> ChainLink {
    ChainLink(
      name: name,
      register: { locator, next, ran in
        locator.register(Cache<Marker>.self) {
          ran()
          return Cache(label: next.map { "\(name) > \($0())" } ?? name)
        }
      },
      resolve: { locator in try locator.resolve(Cache<Marker>.self).label }
    )
  }
}

// MARK: - The classic locator, as many apps still have it

/// The locator from countless blog posts: string keys, a shared instance, and a
/// `fatalError` for a forgotten registration. Kept here only to show what that does.
final class ClassicServiceLocator: @unchecked Sendable {
  private var services: [String: Any] = [:]

  func register<Service>(_ service: Service) {
    services[String(describing: Service.self)] = service
  }

  func resolve<Service>() -> Service {
    guard let service = services[String(describing: Service.self)] as? Service else {
      fatalError("Service not found!")
    }
    return service
  }
}

// MARK: - Checkout spies

/// A payment gateway that records every call and approves or declines as told.
final class PaymentGatewaySpy: PaymentGateway {
  struct Charge: Equatable {
    let amountInCents: Int
    let reference: String
  }

  struct Refund: Equatable {
    let transactionID: String
    let amountInCents: Int
  }

  private struct Calls {
    var charges: [Charge] = []
    var refunds: [Refund] = []
  }

  let transactionID: String
  let declines: Bool
  /// Order numbers this gateway declines even when `declines` is false.
  let declinedReferences: Set<String>
  private let calls = Mutex(Calls())

  init(
    transactionID: String = "txn-1", declines: Bool = false,
    declinedReferences: Set<String> = []
  ) {
    self.transactionID = transactionID
    self.declines = declines
    self.declinedReferences = declinedReferences
  }

  var charges: [Charge] { calls.withLock { $0.charges } }
  var refunds: [Refund] { calls.withLock { $0.refunds } }

  func charge(amountInCents: Int, reference: String) async throws -> String {
    calls.withLock {
      $0.charges.append(Charge(amountInCents: amountInCents, reference: reference))
    }
    if declines || declinedReferences.contains(reference) { throw PaymentError.declined }
    return transactionID
  }

  func refund(transactionID: String, amountInCents: Int) async throws {
    calls.withLock {
      $0.refunds.append(Refund(transactionID: transactionID, amountInCents: amountInCents))
    }
  }
}

/// A receipt store that keeps receipts in memory, so a test can see what was saved.
final class ReceiptStoreSpy: ReceiptStore {
  private let saved = Mutex<[Receipt]>([])

  var receipts: [Receipt] { saved.withLock { $0 } }

  func save(_ receipt: Receipt) async throws {
    saved.withLock { $0.append(receipt) }
  }
}

/// Analytics that records every event instead of sending it.
final class AnalyticsSpy: Analytics {
  struct Event: Equatable, CustomStringConvertible {
    let name: String
    let orderID: String
    var description: String { "\(name)(\(orderID))" }
  }

  private let recorded = Mutex<[Event]>([])

  var events: [Event] { recorded.withLock { $0 } }

  func track(_ event: String, orderID: String) {
    recorded.withLock { $0.append(Event(name: event, orderID: orderID)) }
  }
}

/// One set of checkout spies: what one test (or one thread of a test) hands in.
struct CheckoutSpies: Sendable {
  let payments: PaymentGatewaySpy
  let receipts = ReceiptStoreSpy()
  let analytics = AnalyticsSpy()

  init(
    transactionID: String = "txn-1", paymentsDecline: Bool = false,
    declinedReferences: Set<String> = []
  ) {
    payments = PaymentGatewaySpy(
      transactionID: transactionID, declines: paymentsDecline,
      declinedReferences: declinedReferences)
  }

  /// A fresh locator that serves these spies. With `factoryDelay`, every factory sleeps
  /// that long first, which widens the window in which shared state would mix callers up.
  /// With `leaving`, that service is not registered. With `witness`, every factory call is
  /// recorded with the code that asked for it.
  func locator(
    factoryDelay: TimeInterval = 0, leaving missing: CheckoutNeed? = nil,
    witness: ResolutionWitness? = nil
  ) -> ServiceLocator {
    let locator = ServiceLocator()
    register(in: locator, factoryDelay: factoryDelay, leaving: missing, witness: witness)
    return locator
  }

  /// Registers these spies in `locator`, replacing whatever it served before.
  func register(
    in locator: ServiceLocator, factoryDelay: TimeInterval = 0,
    leaving missing: CheckoutNeed? = nil, witness: ResolutionWitness? = nil
  ) {
    let payments = payments
    let receipts = receipts
    let analytics = analytics
    if missing != .payments {
      locator.register(PaymentGateway.self) {
        witness?.record(.payments)
        Thread.sleep(forTimeInterval: factoryDelay)
        return payments
      }
    }
    if missing != .receipts {
      locator.register(ReceiptStore.self) {
        witness?.record(.receipts)
        Thread.sleep(forTimeInterval: factoryDelay)
        return receipts
      }
    }
    if missing != .analytics {
      locator.register(Analytics.self) {
        witness?.record(.analytics)
        Thread.sleep(forTimeInterval: factoryDelay)
        return analytics
      }
    }
  }

  /// What the spies recorded, with the receipt store's and analytics' view in one line.
  var summary: String {
    """
    gateway charges \(payments.charges.map(\.reference)), refunds \
    \(payments.refunds.map(\.transactionID)); store \(receipts.receipts.map(\.orderID)); \
    analytics \(analytics.events)
    """
  }

  /// Builds a checkout service through the harness, handing in these spies directly.
  func makeService() -> CheckoutService {
    makeCheckoutService(payments: payments, receipts: receipts, analytics: analytics)
  }
}

// MARK: - Collaborators that nobody else holds

/// A log that outlives the collaborators writing to it, so a test can hand a service
/// objects it keeps no reference to and still see what they did.
final class CheckoutLog: Sendable {
  private let lines = Mutex<[String]>([])

  var entries: [String] { lines.withLock { $0 } }

  func append(_ line: String) { lines.withLock { $0.append(line) } }

  /// A gateway, a store and analytics that write here; the caller keeps none of them.
  func collaborators(declining declined: Set<String> = [])
    -> (payments: any PaymentGateway, receipts: any ReceiptStore, analytics: any Analytics)
  {
    (
      LoggingGateway(log: self, declined: declined), LoggingReceiptStore(log: self),
      LoggingAnalytics(log: self)
    )
  }
}

final class LoggingGateway: PaymentGateway {
  let log: CheckoutLog
  let declined: Set<String>
  init(log: CheckoutLog, declined: Set<String>) {
    self.log = log
    self.declined = declined
  }
  func charge(amountInCents: Int, reference: String) async throws -> String {
    log.append("charge \(reference)")
    if declined.contains(reference) { throw PaymentError.declined }
    return "txn-\(reference)"
  }
  func refund(transactionID: String, amountInCents: Int) async throws {
    log.append("refund \(transactionID)")
  }
}

final class LoggingReceiptStore: ReceiptStore {
  let log: CheckoutLog
  init(log: CheckoutLog) { self.log = log }
  func save(_ receipt: Receipt) async throws { log.append("save \(receipt.orderID)") }
}

final class LoggingAnalytics: Analytics {
  let log: CheckoutLog
  init(log: CheckoutLog) { self.log = log }
  func track(_ event: String, orderID: String) { log.append("\(event) \(orderID)") }
}

// MARK: - What the checkout service needs

/// One of the three services the checkout service works with.
enum CheckoutNeed: String, CaseIterable, CustomTestStringConvertible, Sendable {
  case payments = "PaymentGateway"
  case receipts = "ReceiptStore"
  case analytics = "Analytics"

  /// The protocol's name, as an error message should show it.
  var typeName: String { rawValue }

  /// The protocol itself.
  var type: any Any.Type {
    switch self {
    case .payments: PaymentGateway.self
    case .receipts: ReceiptStore.self
    case .analytics: Analytics.self
    }
  }

  var testDescription: String { "without \(typeName)" }

  /// Registers a spy for this service only.
  func register(in locator: ServiceLocator) {
    switch self {
    case .payments: locator.register(PaymentGateway.self) { PaymentGatewaySpy() }
    case .receipts: locator.register(ReceiptStore.self) { ReceiptStoreSpy() }
    case .analytics: locator.register(Analytics.self) { AnalyticsSpy() }
    }
  }

  /// Asks `locator` for this service.
  func resolve(from locator: ServiceLocator) throws {
    switch self {
    case .payments: _ = try locator.resolve(PaymentGateway.self)
    case .receipts: _ = try locator.resolve(ReceiptStore.self)
    case .analytics: _ = try locator.resolve(Analytics.self)
    }
  }
}

// MARK: - Who asks the locator

/// Records, for every factory call, which of the checkout service's own functions was on
/// the call stack (none, when the composition root asked).
///
/// A service that is handed the locator and resolves from it, in its initializer or in
/// its methods, behaves like one built by constructor injection in every other test: the
/// only trace it leaves is where the lookups run. The witness reads the call stack of each
/// factory call and keeps the frames that belong to `CheckoutService` itself (its
/// initializers and methods, not types nested in it).
final class ResolutionWitness: Sendable {
  struct Call: Sendable {
    let need: CheckoutNeed
    /// Every frame's function name, innermost first; empty when the stack could not be read.
    let frames: [String]
    /// The frames that belong to `CheckoutService`'s own initializers and methods.
    var serviceFrames: [String] { frames.filter(Self.isServiceMember) }

    static func isServiceMember(_ frame: String) -> Bool {
      var rest = Substring(frame)
      while let range = rest.range(of: "CheckoutService.") {
        let before = rest[..<range.lowerBound].last
        let after = rest[range.upperBound...].first
        // `makeCheckoutService(…)` or `CheckoutService.Dependencies.init` are not the
        // service's own members; `CheckoutService.init(locator:)` and
        // `CheckoutService.placeOrder(_:)` are.
        if before.map({ !$0.isLetter && !$0.isNumber }) ?? true,
          let after, after.isLowercase || after == "_"
        {
          return true
        }
        rest = rest[range.upperBound...]
      }
      return false
    }
  }

  private let calls = Mutex<[Call]>([])

  var recorded: [Call] { calls.withLock { $0 } }

  func record(_ need: CheckoutNeed) {
    let call = Call(need: need, frames: Self.callStack())
    calls.withLock { $0.append(call) }
  }

  /// The function names on the current call stack, or none where the platform cannot
  /// tell them.
  static func callStack() -> [String] {
    #if canImport(Runtime)
      // NB: the Backtrace API is in the runtime from macOS 26 on; before, nothing is checked.
      guard #available(macOS 26.0, *),
        let backtrace = try? Runtime.Backtrace.capture().symbolicated()
      else { return [] }
      return backtrace.frames.compactMap { $0.symbol?.name }
    #else
      return []
    #endif
  }
}

// MARK: - Messages

extension Result {
  /// What was thrown, as a message shows it; "nothing" when the work succeeded.
  var thrownDescription: String {
    switch self {
    case .success: "nothing"
    case .failure(let error): "\(error)"
    }
  }
}

/// How a `try?` resolve reads in a message: the value it gave, or that it threw.
func resolvedText<Value>(_ value: Value?) -> String {
  value.map { String(describing: $0) } ?? "an error (resolve(_:) threw)"
}

// MARK: - Services with identity

/// A service with identity (a class), numbered in the order its factory made it, so a test
/// can tell a new one from one handed out before.
final class Connection: Sendable {
  let number: Int
  init(number: Int) { self.number = number }
}

/// A factory for `Connection`s that counts how often it ran.
final class ConnectionFactory: Sendable {
  private let made = Mutex(0)

  /// How many connections the factory made so far.
  var count: Int { made.withLock { $0 } }

  /// Makes the next connection.
  func make() -> Connection {
    Connection(
      number: made.withLock { count in
        count += 1
        return count
      })
  }

  /// Registers this factory for `Connection` in `locator`.
  func register(in locator: ServiceLocator) {
    locator.register(Connection.self) { self.make() }
  }
}

// MARK: - Collaborators that fail

/// A failure that is not a decline: the provider or the store could not be reached.
struct OutageError: Error, Equatable, CustomStringConvertible {
  let code: Int
  var description: String { "OutageError(\(code))" }
}

/// A gateway whose charges and refunds fail with an outage, recorded like the spy's.
final class FailingGateway: PaymentGateway {
  let chargeError: OutageError?
  let refundError: OutageError?
  let spy = PaymentGatewaySpy()

  init(chargeError: OutageError? = nil, refundError: OutageError? = nil) {
    self.chargeError = chargeError
    self.refundError = refundError
  }

  func charge(amountInCents: Int, reference: String) async throws -> String {
    let transactionID = try await spy.charge(amountInCents: amountInCents, reference: reference)
    if let chargeError { throw chargeError }
    return transactionID
  }

  func refund(transactionID: String, amountInCents: Int) async throws {
    try await spy.refund(transactionID: transactionID, amountInCents: amountInCents)
    if let refundError { throw refundError }
  }
}

/// A receipt store that cannot save.
final class FailingReceiptStore: ReceiptStore {
  let error: OutageError
  private let attempts = Mutex<[Receipt]>([])

  init(error: OutageError) { self.error = error }

  /// The receipts the service tried to save.
  var attempted: [Receipt] { attempts.withLock { $0 } }

  func save(_ receipt: Receipt) async throws {
    attempts.withLock { $0.append(receipt) }
    throw error
  }
}

/// A weak reference that a closure can return.
struct WeakBox<Object: AnyObject> {
  weak var object: Object?
  init(_ object: Object?) { self.object = object }
}

// MARK: - What an object keeps

/// How an object sits among the stored properties reachable from a service.
enum Holding: Equatable {
  /// In a stored property of its own type or protocol type: required, cannot be missing.
  case directly
  /// Inside an `Optional` (a `var x: P?`, a `weak var`, a `lazy var`): may be missing.
  case optionally
  /// Not visible to reflection, for example captured by a closure. Nothing to judge.
  case notVisible
}

/// Finds `target` among the stored properties of `root`, looking a few levels deep
/// (into structs such as a `Dependencies` bundle), and says how it is held.
func holding(of target: AnyObject, in root: Any) -> Holding {
  var visited = Set<ObjectIdentifier>()
  return search(for: target, in: root, depth: 0, visited: &visited)
}

private func search(
  for target: AnyObject,
  in value: Any,
  depth: Int,
  visited: inout Set<ObjectIdentifier>
) -> Holding {
  guard depth < 4 else { return .notVisible }
  var mirror: Mirror? = Mirror(reflecting: value)
  var found = Holding.notVisible
  while let current = mirror {
    for child in current.children {
      let childMirror = Mirror(reflecting: child.value)
      if childMirror.displayStyle == .optional {
        guard let wrapped = childMirror.children.first?.value else { continue }
        if isTarget(wrapped, target) { return .optionally }
        // Anything found inside an optional is held optionally too.
        if search(for: target, in: wrapped, depth: depth + 1, visited: &visited) != .notVisible {
          return .optionally
        }
        continue
      }
      if isTarget(child.value, target) {
        found = .directly
        continue
      }
      switch childMirror.displayStyle {
      case .struct, .tuple, .enum:
        let inner = search(for: target, in: child.value, depth: depth + 1, visited: &visited)
        if inner == .optionally { return .optionally }
        if inner == .directly { found = .directly }
      case .class:
        let id = ObjectIdentifier(child.value as AnyObject)
        guard visited.insert(id).inserted else { continue }
        let inner = search(for: target, in: child.value, depth: depth + 1, visited: &visited)
        if inner == .optionally { return .optionally }
        if inner == .directly { found = .directly }
      default:
        continue
      }
    }
    mirror = current.superclassMirror
  }
  return found
}

private func isTarget(_ value: Any, _ target: AnyObject) -> Bool {
  guard Mirror(reflecting: value).displayStyle == .class else { return false }
  return (value as AnyObject) === target
}

// MARK: - The guard: no live object in a test

// MARK: - Collaborators that fail once in a while

/// A gateway that charges every order except the ones named, whose charges fail with an
/// outage; it records every call like the spy.
final class OutageForOrdersGateway: PaymentGateway {
  let outages: Set<String>
  let spy: PaymentGatewaySpy

  init(transactionID: String, outages: Set<String>) {
    self.outages = outages
    spy = PaymentGatewaySpy(transactionID: transactionID)
  }

  func charge(amountInCents: Int, reference: String) async throws -> String {
    let transactionID = try await spy.charge(amountInCents: amountInCents, reference: reference)
    if outages.contains(reference) { throw OutageError(code: 503) }
    return transactionID
  }

  func refund(transactionID: String, amountInCents: Int) async throws {
    try await spy.refund(transactionID: transactionID, amountInCents: amountInCents)
  }
}

/// A gateway that declines the orders named until the customer fixes the card
/// (`fixCard()`), and charges everything after; it records every call like the spy.
final class CardFixingGateway: PaymentGateway {
  let spy: PaymentGatewaySpy
  private let declining: Mutex<Set<String>>

  init(transactionID: String, declining: Set<String>) {
    spy = PaymentGatewaySpy(transactionID: transactionID)
    self.declining = Mutex(declining)
  }

  /// From now on, every charge goes through.
  func fixCard() { declining.withLock { $0 = [] } }

  func charge(amountInCents: Int, reference: String) async throws -> String {
    let transactionID = try await spy.charge(amountInCents: amountInCents, reference: reference)
    if declining.withLock({ $0.contains(reference) }) { throw PaymentError.declined }
    return transactionID
  }

  func refund(transactionID: String, amountInCents: Int) async throws {
    try await spy.refund(transactionID: transactionID, amountInCents: amountInCents)
  }
}

/// One object that is a gateway, a store and analytics at once, registered under some of
/// those protocols only.
final class AllInOneService: PaymentGateway, ReceiptStore, Analytics {
  func charge(amountInCents: Int, reference: String) async throws -> String { "txn-all" }
  func refund(transactionID: String, amountInCents: Int) async throws {}
  func save(_ receipt: Receipt) async throws {}
  func track(_ event: String, orderID: String) {}
}

/// A gateway that holds the first charge it is asked for, as a slow bank does, until the
/// test lets it go (`releaseFirstCharge()`) or a few seconds pass; it approves every charge
/// and records every call like the spy.
final class HoldingGateway: PaymentGateway {
  private struct State {
    var arrived = false
    var holding = false
    var released = false
    var held: CheckedContinuation<Void, Never>?
    var arrivalWaiter: CheckedContinuation<Bool, Never>?
  }

  let spy: PaymentGatewaySpy
  private let state = Mutex(State())

  init(transactionID: String) {
    spy = PaymentGatewaySpy(transactionID: transactionID)
  }

  /// Waits until the first charge is held; `false` if none arrives within a few seconds.
  func firstChargeHeld() async -> Bool {
    let limit = Task {
      guard (try? await Task.sleep(for: .seconds(5))) != nil else { return }
      let waiter = state.withLock { state in
        defer { state.arrivalWaiter = nil }
        return state.arrivalWaiter
      }
      waiter?.resume(returning: false)
    }
    defer { limit.cancel() }
    return await withCheckedContinuation { continuation in
      let held = state.withLock { state in
        if state.holding { return true }
        state.arrivalWaiter = continuation
        return false
      }
      if held { continuation.resume(returning: true) }
    }
  }

  /// Lets the first charge go on (now, or as soon as it arrives).
  func releaseFirstCharge() {
    let held = state.withLock { state in
      state.released = true
      defer { state.held = nil }
      return state.held
    }
    held?.resume()
  }

  func charge(amountInCents: Int, reference: String) async throws -> String {
    let transactionID = try await spy.charge(amountInCents: amountInCents, reference: reference)
    let isFirst = state.withLock { state in
      defer { state.arrived = true }
      return !state.arrived
    }
    if isFirst { await hold() }
    return transactionID
  }

  func refund(transactionID: String, amountInCents: Int) async throws {
    try await spy.refund(transactionID: transactionID, amountInCents: amountInCents)
  }

  /// Parks the first charge until it is released. The time limit only ends a wait that a
  /// service which places one order at a time would never end; it decides no verdict.
  private func hold() async {
    let limit = Task {
      guard (try? await Task.sleep(for: .seconds(5))) != nil else { return }
      releaseFirstCharge()
    }
    defer { limit.cancel() }
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let (released, waiter) = state.withLock { state in
        defer { state.arrivalWaiter = nil }
        state.holding = true
        if !state.released { state.held = continuation }
        return (state.released, state.arrivalWaiter)
      }
      waiter?.resume(returning: true)
      if released { continuation.resume() }
    }
  }
}

/// A receipt store that cannot save the receipts of the orders named, and keeps the rest.
final class FailingForOrdersReceiptStore: ReceiptStore {
  let failing: Set<String>
  private let saved = Mutex<[Receipt]>([])

  init(failing: Set<String>) { self.failing = failing }

  /// The receipts it kept.
  var receipts: [Receipt] { saved.withLock { $0 } }

  func save(_ receipt: Receipt) async throws {
    if failing.contains(receipt.orderID) { throw OutageError(code: 507) }
    saved.withLock { $0.append(receipt) }
  }
}

// MARK: - Resolving at the same moment

/// A gate that holds everyone who enters until `count` are inside, or until `timeLimit`
/// passes, so two resolves are sure to run a factory at the same time.
final class MeetingPoint: Sendable {
  private let count: Int
  private let timeLimit: TimeInterval
  private let inside = Mutex(0)
  private let condition = NSCondition()

  init(count: Int, timeLimit: TimeInterval = 5) {
    self.count = count
    self.timeLimit = timeLimit
  }

  /// How many entered so far.
  var entered: Int { inside.withLock { $0 } }

  /// Enters, and waits for the others; returns whether all of them came in time.
  @discardableResult
  func enterAndWait() -> Bool {
    let deadline = Date(timeIntervalSinceNow: timeLimit)
    condition.lock()
    defer { condition.unlock() }
    let now = inside.withLock { value in
      value += 1
      return value
    }
    if now >= count {
      condition.broadcast()
      return true
    }
    while inside.withLock({ $0 }) < count {
      if !condition.wait(until: deadline) { return inside.withLock { $0 } >= count }
    }
    return true
  }
}

/// Two connections that one factory resolved, one after the other.
struct ConnectionPair: Sendable {
  let first: Connection
  let second: Connection
}

// MARK: - Collaborators whose answer the test changes between orders

/// A gateway that answers every charge as the test last told it (`answer`): approve, with
/// a new transaction ID each time (`txn-<prefix>-1`, `txn-<prefix>-2`, …), decline, or
/// fail with an outage; it records every call like the spy.
final class SwitchableGateway: PaymentGateway {
  enum Answer: Sendable {
    case approve, decline, outage
  }

  let spy = PaymentGatewaySpy()
  private let prefix: String
  private let state = Mutex((answer: Answer.approve, approved: 0))

  init(prefix: String) { self.prefix = prefix }

  /// How the next charges end.
  func answer(_ answer: Answer) { state.withLock { $0.answer = answer } }

  func charge(amountInCents: Int, reference: String) async throws -> String {
    _ = try await spy.charge(amountInCents: amountInCents, reference: reference)
    let (answer, number) = state.withLock { state in
      if state.answer == .approve { state.approved += 1 }
      return (state.answer, state.approved)
    }
    switch answer {
    case .approve: return "txn-\(prefix)-\(number)"
    case .decline: throw PaymentError.declined
    case .outage: throw OutageError(code: 503)
    }
  }

  func refund(transactionID: String, amountInCents: Int) async throws {
    try await spy.refund(transactionID: transactionID, amountInCents: amountInCents)
  }
}

/// A receipt store that fails every save while the test says so (`failing(_:)`), and keeps
/// the rest; it records every attempt.
final class SwitchableReceiptStore: ReceiptStore {
  private let state = Mutex((failing: false, attempted: [Receipt](), saved: [Receipt]()))

  /// Whether the next saves fail.
  func failing(_ failing: Bool) { state.withLock { $0.failing = failing } }

  /// Every receipt it was asked to save, in order.
  var attempted: [Receipt] { state.withLock { $0.attempted } }
  /// The receipts it kept.
  var receipts: [Receipt] { state.withLock { $0.saved } }

  func save(_ receipt: Receipt) async throws {
    let failing = state.withLock { state in
      state.attempted.append(receipt)
      if !state.failing { state.saved.append(receipt) }
      return state.failing
    }
    if failing { throw OutageError(code: 507) }
  }
}
