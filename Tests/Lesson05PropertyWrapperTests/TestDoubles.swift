import Foundation
import Lesson05PropertyWrapper
import Synchronization

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

/// The stored properties inside `value`, a few levels deep, that hold an `@Injected` wrapper,
/// as paths such as `"_payments"` or `"dependencies._analytics"`.
///
/// Reflection finds the wrapper whatever the learner named the property or grouped it in,
/// and ignores every other way of storing a collaborator (a `let`, a struct, a closure).
func injectedWrappers(in value: Any) -> [String] {
  var visited = Set<ObjectIdentifier>()
  return injectedWrappers(in: value, path: "", depth: 0, visited: &visited)
}

private func injectedWrappers(
  in value: Any,
  path: String,
  depth: Int,
  visited: inout Set<ObjectIdentifier>
) -> [String] {
  let mirror = Mirror(reflecting: value)
  if mirror.displayStyle == .class {
    let object = value as AnyObject
    guard visited.insert(ObjectIdentifier(object)).inserted else { return [] }
  }
  var found: [String] = []
  for (index, child) in mirror.children.enumerated() {
    let childPath = (path.isEmpty ? "" : path + ".") + (child.label ?? "\(index)")
    if String(describing: type(of: child.value)).hasPrefix("Injected<") {
      found.append(childPath)
    } else if depth < 4 {
      found += injectedWrappers(
        in: child.value, path: childPath, depth: depth + 1, visited: &visited)
    }
  }
  return found
}
