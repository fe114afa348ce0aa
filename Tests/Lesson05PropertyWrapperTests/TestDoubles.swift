import Foundation
import KataTestSupport
import Lesson05PropertyWrapper
import Synchronization
import Testing

/// Counts how often a factory ran and keeps every instance it built, in order.
final class FactoryLog<Made: Sendable>: Sendable {
  private let made = Mutex<[Made]>([])
  private let delay: Duration

  /// - Parameter delay: How long each build takes; a slow factory widens the window in
  ///   which a racy first read lets a second thread in.
  init(delay: Duration = .zero) {
    self.delay = delay
  }

  /// Builds one instance with `build` and records it.
  func make(_ build: () -> Made) -> Made {
    if delay > .zero { Thread.sleep(forTimeInterval: delay.seconds) }
    let instance = build()
    made.withLock { $0.append(instance) }
    return instance
  }

  var count: Int { made.withLock { $0.count } }
  var instances: [Made] { made.withLock { $0 } }
}

extension Duration {
  var seconds: Double {
    let (seconds, attoseconds) = components
    return Double(seconds) + Double(attoseconds) / 1e18
  }
}

/// Analytics that records every event, in order.
final class SpyAnalytics: Analytics {
  private let recorded = Mutex<[String]>([])

  func track(_ event: String) {
    recorded.withLock { $0.append(event) }
  }

  var events: [String] { recorded.withLock { $0 } }
}

/// A profile service that answers with a fixed result and records what it was asked.
final class StubProfileService: ProfileService {
  private let answer: Result<Profile, ProfileServiceError>
  private let asked = Mutex<[String]>([])

  init(answer: Result<Profile, ProfileServiceError>) {
    self.answer = answer
  }

  func profile(id: String) async throws -> Profile {
    asked.withLock { $0.append(id) }
    return try answer.get()
  }

  var requestedIDs: [String] { asked.withLock { $0 } }
}

/// A router that records where it was asked to go.
final class SpyRouter: Router {
  private let shown = Mutex<[Destination]>([])

  func show(_ destination: Destination) {
    shown.withLock { $0.append(destination) }
  }

  var destinations: [Destination] { shown.withLock { $0 } }
}

/// A flag store with fixed flags that counts the questions it answered.
final class FakeFlagStore: FeatureFlagStore {
  private let enabled: Set<String>
  private let questions = Mutex(0)

  init(enabled: Set<String>) {
    self.enabled = enabled
  }

  func isEnabled(_ flag: String) -> Bool {
    questions.withLock { $0 += 1 }
    return enabled.contains(flag)
  }

  var questionCount: Int { questions.withLock { $0 } }
}

/// A payment gateway that records the amounts it charged.
final class SpyPaymentGateway: PaymentGateway {
  private let charged = Mutex<[Int]>([])
  private let failure: PaymentError?

  init(failing failure: PaymentError? = nil) {
    self.failure = failure
  }

  func charge(amountInCents: Int) async throws -> String {
    charged.withLock { $0.append(amountInCents) }
    if let failure { throw failure }
    return "ch_\(amountInCents)"
  }

  var charges: [Int] { charged.withLock { $0 } }
}

/// A checkpoint that a fixed number of tasks must all reach before any goes on.
///
/// It proves that two scopes were open at the same time. If the tasks cannot all arrive
/// (because something runs them one after another), every waiter gives up after `limit`
/// and learns it from the `false` result, instead of the test hanging.
final class Checkpoint: Sendable {
  private struct State {
    var arrived = 0
    var waiting: [Int: CheckedContinuation<Bool, Never>] = [:]
  }

  private let expected: Int
  private let limit: Duration
  private let state = Mutex(State())

  init(expecting expected: Int, limit: Duration = .seconds(5)) {
    self.expected = expected
    self.limit = limit
  }

  /// Waits until every expected task has arrived; `false` if the limit passed first.
  func arrive() async -> Bool {
    await withCheckedContinuation { continuation in
      let (release, ticket) = state.withLock { state in
        state.arrived += 1
        let ticket = state.arrived
        guard state.arrived >= expected else {
          state.waiting[ticket] = continuation
          return ([CheckedContinuation<Bool, Never>](), Optional(ticket))
        }
        let release = Array(state.waiting.values) + [continuation]
        state.waiting = [:]
        return (release, nil)
      }
      for waiter in release { waiter.resume(returning: true) }
      if let ticket {
        Task {
          try? await Task.sleep(for: self.limit)
          self.giveUp(ticket)
        }
      }
    }
  }

  private func giveUp(_ ticket: Int) {
    let late = state.withLock { $0.waiting.removeValue(forKey: ticket) }
    late?.resume(returning: false)
  }
}

/// A container with every service of the app registered, for a test to replace the ones it
/// fakes.
///
/// NB: Starting from a full container means that code reading the wrong container (before
/// Task 2 is done, another test's) gets wrong answers and fails an expectation, instead of
/// stopping the whole test process on a missing registration.
func makeTestContainer() -> Container {
  Container.live()
}

/// Counts from many threads.
final class Tally: Sendable {
  private let value = Mutex(0)

  func increment() { value.withLock { $0 += 1 } }

  var count: Int { value.withLock { $0 } }
}

/// An owner declared outside the app, the way a feature module would declare one.
struct AnalyticsProbe: Sendable {
  @Injected var analytics: any Analytics
}

/// A one-shot signal between threads: `fire()` once, and every `wait(upTo:)` returns.
///
/// A factory blocks on one to stay "in flight" exactly as long as a test needs, instead of
/// sleeping for a guessed time. Every wait has a limit, so a wrong solution fails a test
/// instead of leaving a thread blocked for the rest of the run.
final class Signal: Sendable {
  private let fired = Mutex(false)
  private let condition = NSCondition()

  /// Wakes every waiter, now and later.
  func fire() {
    condition.lock()
    fired.withLock { $0 = true }
    condition.broadcast()
    condition.unlock()
  }

  /// Blocks the calling thread until `fire()` or the limit; `false` if the limit came first.
  @discardableResult
  func wait(upTo limit: Duration = .seconds(10)) -> Bool {
    let deadline = Date(timeIntervalSinceNow: limit.seconds)
    condition.lock()
    defer { condition.unlock() }
    while !fired.withLock({ $0 }) {
      if !condition.wait(until: deadline) { return fired.withLock { $0 } }
    }
    return true
  }

  /// Suspends, without blocking the concurrency pool, until `fire()` or the limit.
  func arrived(within limit: Duration = .seconds(5)) async -> Bool {
    await runOffPool(timeLimit: limit + .seconds(1)) { self.wait(upTo: limit) }.value ?? false
  }
}

/// What a child process of an exit test wrote to standard error, kept in a file named for the
/// parent test process and `name`, so the parent can read it after the child stopped.
///
/// NB: the grader sends a test process's standard output to its standard error, and Swift
/// Testing's `observing: [\.standardErrorContent]` then comes back empty; a file works
/// whatever the test process's output is connected to.
enum ChildsStandardError {
  /// In the child: sends everything it writes to standard error from now on to the file.
  static func capture(as name: String) {
    let path = self.path(name, parent: getppid())
    let file = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    guard file >= 0 else { return }
    dup2(file, STDERR_FILENO)
    close(file)
  }

  /// In the parent, after the child ended: what it wrote, and the file removed.
  static func read(_ name: String) -> String {
    let path = self.path(name, parent: getpid())
    defer { try? FileManager.default.removeItem(atPath: path) }
    return (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
  }

  private static func path(_ name: String, parent: pid_t) -> String {
    NSTemporaryDirectory() + "kata-lesson05-\(parent)-\(name).stderr"
  }
}

extension ExitStatus {
  /// Whether the child process ran to its end with exit code 0.
  var isSuccess: Bool {
    if case .exitCode(let code) = self { return code == 0 }
    return false
  }
}

/// Every `Container` stored inside `value`, at any depth, as paths such as
/// `"_payments.container"` or `"dependencies.lookup.container"`.
///
/// Reflection follows every stored property of structs, classes, enums, optionals and
/// existentials, whatever the learner named the property or its type, so a wrapper of any name
/// that remembers a container is found. It cannot look inside closures.
func storedContainers(in value: Any) -> [String] {
  var visited = Set<ObjectIdentifier>()
  return storedContainers(in: value, path: "", visited: &visited)
}

private func storedContainers(
  in value: Any,
  path: String,
  visited: inout Set<ObjectIdentifier>
) -> [String] {
  if value is Container { return [path.isEmpty ? "self" : path] }
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
      found += storedContainers(in: child.value, path: childPath, visited: &visited)
    }
    level = current.superclassMirror
  }
  return found
}

/// Every object (class instance) stored inside `value`, at any depth, by reflection as in
/// ``storedContainers(in:)``; closures stay opaque.
func storedObjects(in value: Any) -> [AnyObject] {
  var visited = Set<ObjectIdentifier>()
  var found: [AnyObject] = []
  collectObjects(in: value, visited: &visited, found: &found)
  return found
}

private func collectObjects(
  in value: Any, visited: inout Set<ObjectIdentifier>, found: inout [AnyObject]
) {
  let mirror = Mirror(reflecting: value)
  if mirror.displayStyle == .class {
    let object = value as AnyObject
    guard visited.insert(ObjectIdentifier(object)).inserted else { return }
    found.append(object)
  }
  var level: Mirror? = mirror
  while let current = level {
    for child in current.children {
      collectObjects(in: child.value, visited: &visited, found: &found)
    }
    level = current.superclassMirror
  }
}
