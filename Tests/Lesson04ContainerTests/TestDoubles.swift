import Foundation
import KataTestSupport
import Lesson04Container
import Synchronization

// MARK: - Services the tests register

/// A clock, resolved by its protocol; the label tells the tests which one they got.
protocol Clock: AnyObject, Sendable {
  var label: String { get }
}

final class FixedClock: Clock {
  let label: String
  init(_ label: String = "fixed") { self.label = label }
}

final class Ledger: Sendable {
  let clock: any Clock
  init(clock: any Clock) { self.clock = clock }
}

final class ReportService: Sendable {
  let ledger: Ledger
  init(ledger: Ledger) { self.ledger = ledger }
}

/// Two types that are both called `Client`; a key made of the short name mixes them up.
enum Payments {
  final class Client: Sendable {}
}

enum Analytics {
  final class Client: Sendable {}
}

/// A dependency cycle: each needs the other when it is created.
final class AuthService: Sendable {
  init(session: SessionStore) {}
}

final class SessionStore: Sendable {
  init(auth: AuthService) {}
  init(refresher: TokenRefresher) {}
}

/// Refreshes a session's tokens through AuthService: a longer way round the same cycle.
final class TokenRefresher: Sendable {
  init(auth: AuthService) {}
}

/// Needs its session when it is created.
final class Gatekeeper: Sendable {
  let session: LazySession
  init(session: LazySession) { self.session = session }
}

/// Asks for the gatekeeper only when it needs it, through a closure: how a cycle is broken.
final class LazySession: Sendable {
  let gatekeeper: @Sendable () throws -> Gatekeeper
  init(gatekeeper: @escaping @Sendable () throws -> Gatekeeper) { self.gatekeeper = gatekeeper }
}

/// A screen built from the gatekeeper; it records whether the gatekeeper's session, asked
/// while the screen was made, led back to that same gatekeeper.
final class SignInScreen: Sendable {
  let gatekeeper: Gatekeeper
  let sameGatekeeper: Bool
  init(gatekeeper: Gatekeeper, sameGatekeeper: Bool) {
    self.gatekeeper = gatekeeper
    self.sameGatekeeper = sameGatekeeper
  }
}

/// Asks for the clock only when it needs the time, through a closure over the resolver its
/// factory received.
final class Scheduler: Sendable {
  let clock: @Sendable () throws -> any Clock
  init(clock: @escaping @Sendable () throws -> any Clock) { self.clock = clock }
}

/// A service that needs itself.
final class RetryPolicy: Sendable {
  init(fallback: RetryPolicy) {}
}

// MARK: - Spies and synchronisation

/// Counts calls, from any thread.
final class Counter: Sendable {
  private let count = Mutex(0)

  func increment() {
    count.withLock { $0 += 1 }
  }

  /// Counts one more call and returns the count, in one step: the first caller gets 1.
  func next() -> Int {
    count.withLock { count in
      count += 1
      return count
    }
  }

  var value: Int { count.withLock { $0 } }
}

/// Records values, from any thread, in the order they arrive.
final class Recorder<Element: Sendable>: Sendable {
  private let elements = Mutex<[Element]>([])

  func append(_ element: Element) {
    elements.withLock { $0.append(element) }
  }

  var all: [Element] { elements.withLock { $0 } }
}

/// A one-way signal between threads: once opened, it stays open.
final class Gate: @unchecked Sendable {
  // NB: `isOpen` is only touched while `condition` is locked.
  private let condition = NSCondition()
  private var isOpen = false

  func open() {
    condition.lock()
    isOpen = true
    condition.broadcast()
    condition.unlock()
  }

  /// Waits until the gate opens; returns `false` if `seconds` pass first.
  func wait(seconds: Double) -> Bool {
    let deadline = Date(timeIntervalSinceNow: seconds)
    condition.lock()
    defer { condition.unlock() }
    while !isOpen {
      if !condition.wait(until: deadline) { return isOpen }
    }
    return true
  }
}

/// Stops a resolution that follows a cycle round and round before it overflows the stack,
/// so a container without cycle detection fails a test instead of crashing the run.
final class RunawayGuard: Sendable {
  private let calls = Counter()
  private let limit: Int

  init(limit: Int = 200) { self.limit = limit }

  func tick() throws {
    calls.increment()
    if calls.value > limit { throw RunawayResolution(calls: calls.value) }
  }
}

struct RunawayResolution: Error, CustomStringConvertible {
  let calls: Int
  var description: String {
    "RunawayResolution: the test stopped the cycle after its factories had run \(calls) time(s)"
  }
}

// MARK: - Helpers

/// A short pause inside a factory that widens the window of a race, so a racy container
/// fails every run instead of once in a while.
func pauseToWidenTheRace() {
  Thread.sleep(forTimeInterval: 0.02)
}

/// How long a test waits for one resolve. A correct container answers in milliseconds,
/// also on a busy machine; only a deadlocked or looping one ever reaches this.
let resolveTimeLimit = Duration.seconds(2)

/// Resolves on a thread of its own, so a deadlocking container fails the test instead of
/// freezing the run.
func resolveOffPool<Service: Sendable>(
  _ type: Service.Type,
  name: String? = nil,
  from container: Container
) async -> Bounded<Service> {
  await runOffPool(timeLimit: resolveTimeLimit) { try container.resolve(type, name: name) }
}

/// How many different objects `objects` holds. Keep the objects themselves, not their
/// `ObjectIdentifier`s: a freed object's address is reused, so identifiers of objects that
/// are gone undercount.
func distinctInstances(_ objects: [AnyObject]) -> Int {
  Set(objects.map(ObjectIdentifier.init)).count
}

/// An error as a failure message shows it: a `ContainerError` as the case the tests
/// expect, anything else by its description, without a final period (the message adds one).
func describe(_ error: (any Error)?) -> String {
  guard let error else { return "no error" }
  switch error as? ContainerError {
  case .unregistered(let service, let name)?:
    let printedName = name.map { "\"\($0)\"" } ?? "nil"
    return "ContainerError.unregistered(service: \"\(service)\", name: \(printedName))"
  case .cycle(let path)?:
    return "ContainerError.cycle(path: \(path))"
  case nil:
    var text = "\(error)"
    while text.hasSuffix(".") { text.removeLast() }
    return text
  }
}

extension Bounded {
  /// The error the work threw, if it finished by throwing.
  var error: (any Error)? {
    if case .finished(.failure(let error)) = self { return error }
    return nil
  }

  /// What happened, in words for a failure message.
  var summary: String {
    switch self {
    case .timedOut: return "it did not return within \(resolveTimeLimit) (a deadlock or a loop)"
    case .finished(.success(let value)): return "it returned \(value)"
    case .finished(.failure(let error)): return "it threw \(describe(error))"
    }
  }
}

/// Whether a type name in an error is `short`, printed short (`Clock`) or in full
/// (`Lesson04ContainerTests.Clock`).
func isTypeName(_ printed: String, _ short: String) -> Bool {
  printed == short || printed.hasSuffix("." + short)
}

/// Whether `error` is `ContainerError.unregistered` for `service` under `name`.
func isUnregistered(_ error: (any Error)?, service: String, name: String?) -> Bool {
  guard case .unregistered(let printed, let printedName)? = error as? ContainerError else {
    return false
  }
  return isTypeName(printed, service) && printedName == name
}

/// Whether `error` is `ContainerError.cycle` with exactly this path of type names.
func isCycle(_ error: (any Error)?, path expected: [String]) -> Bool {
  guard case .cycle(let path)? = error as? ContainerError, path.count == expected.count else {
    return false
  }
  return zip(path, expected).allSatisfy(isTypeName)
}

/// Every `Container` stored inside `value`, at any depth, as paths such as `"container"` or
/// `"graph.lookup.container"`.
///
/// Reflection follows every stored property of structs, classes, enums, optionals and
/// existentials, whatever the learner named the property or its type, so a wrapper of any name
/// that keeps a container is found. It cannot look inside closures.
func storedContainers(in value: Any) -> [String] {
  storedValues(in: value) { $0 is Container }
}

/// Every value inside `value`, at any depth, for which `matches` holds, as paths such as
/// `"sharedRepository.state.created"`; the search does not look inside a value it found.
///
/// It follows stored properties as ``storedContainers(in:)`` does, and cannot look inside
/// closures either.
func storedValues(in value: Any, where matches: (Any) -> Bool) -> [String] {
  var visited = Set<ObjectIdentifier>()
  return storedValues(in: value, path: "", visited: &visited, where: matches)
}

private func storedValues(
  in value: Any,
  path: String,
  visited: inout Set<ObjectIdentifier>,
  where matches: (Any) -> Bool
) -> [String] {
  if matches(value) { return [path.isEmpty ? "self" : path] }
  let mirror = Mirror(reflecting: value)
  if mirror.displayStyle == .class {
    let object = value as AnyObject
    guard visited.insert(ObjectIdentifier(object)).inserted else { return [] }
  }
  var found: [String] = []
  var level: Mirror? = mirror
  while let current = level {
    for (index, child) in current.children.enumerated() {
      let childPath = (path.isEmpty ? "" : path + ".") + (child.label ?? "\(index)")
      found += storedValues(in: child.value, path: childPath, visited: &visited, where: matches)
    }
    level = current.superclassMirror
  }
  return found
}
