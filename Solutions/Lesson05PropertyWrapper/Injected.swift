import Foundation
import Synchronization

/// Gives its owner a service from the container, resolved on the first read.
///
/// ```swift
/// @MainActor
/// final class SettingsScreen {
///   @Injected private var analytics: any Analytics
///
///   func appeared() { analytics.track("settings_shown") }
/// }
/// ```
///
/// The wrapper remembers the container that was ``Container/current`` when its owner was
/// created, and asks it for the service the first time the property is read. So a
/// registration made after the owner was created, but before the first read, is honoured;
/// a property that is never read never runs its factory; and an owner created inside a
/// test's scope keeps that scope's fakes on any thread. Later reads return the same
/// instance. When many threads make the first read at once, the factory runs exactly once
/// and the others wait for its result.
///
/// The wrapper is `Sendable` and its getter does not mutate, so it works inside a `Sendable`
/// struct and from any thread. Copies of the owner share the resolved instance.
///
/// A wrapper is a service locator with better manners: the owner's dependencies are still
/// hidden from its initializer. The course tolerates it only in screens; view models,
/// coordinators and business logic take their collaborators through their initializers.
///
/// Source: the `@Injected` wrapper that iOS articles show, made lazy and thread-safe;
/// Factory's `@LazyInjected`; swift-dependencies' `@Dependency`.
@propertyWrapper
public struct Injected<Service: Sendable>: Sendable {
  private let container: Container
  private let cell = ResolveOnce<Service>()

  /// Remembers ``Container/current``; resolves nothing yet.
  public init() {
    container = Container.current
  }

  /// The service, resolved from the owner's container on the first read and kept.
  public var wrappedValue: Service {
    cell.value { container.resolveOrStop(Service.self) }
  }
}

/// A value computed once, by the first caller, while later callers wait for it.
///
/// No lock is held while `compute` runs: the first caller marks the cell as resolving and
/// runs the factory unlocked; callers arriving meanwhile sleep on a condition until the
/// value is stored.
///
/// Waiting on a value in flight can close a cycle: a factory that reads, through other
/// wrappers, the property it is resolving would wait for itself, and two threads that enter
/// such a cycle from opposite ends would each wait for the other. Before it waits, a caller
/// therefore follows "this cell is resolved by that thread, which waits for that cell…" in
/// ``ResolutionGraph``; if the chain comes back to the caller, waiting would never end, and
/// the app stops with a message instead, as it does for a missing registration.
final class ResolveOnce<Value: Sendable>: Sendable {
  private enum Phase {
    case unresolved
    case resolving
    case resolved(Value)
  }

  private let phase = Mutex(Phase.unresolved)
  private let resolved = NSCondition()

  /// Returns the stored value, computing it with `compute` if no caller has yet.
  func value(_ compute: () -> Value) -> Value {
    let cell = ObjectIdentifier(self)
    let me = ObjectIdentifier(Thread.current)
    let claimed: Bool = phase.withLock { phase in
      guard case .unresolved = phase else { return false }
      phase = .resolving
      return true
    }
    if claimed {
      ResolutionGraph.shared.withLock { $0.resolver[cell] = me }
      let value = compute()
      phase.withLock { $0 = .resolved(value) }
      ResolutionGraph.shared.withLock { $0.resolver[cell] = nil }
      resolved.lock()
      resolved.broadcast()
      resolved.unlock()
      return value
    }
    if case .resolved(let value) = phase.withLock({ $0 }) { return value }
    let closesACycle = ResolutionGraph.shared.withLock { graph in
      graph.wouldWaitForItself(me, waitingFor: cell)
    }
    if closesACycle {
      fatalError(
        """
        Cycle: reading \(Value.self) waits for its own resolution. A factory reads, through \
        @Injected properties, the service being resolved (on this thread or another one).
        """)
    }
    defer { ResolutionGraph.shared.withLock { $0.waitsFor[me] = nil } }
    resolved.lock()
    defer { resolved.unlock() }
    while true {
      if case .resolved(let value) = phase.withLock({ $0 }) { return value }
      resolved.wait()
    }
  }
}

/// Which thread resolves which cell, and which cell each waiting thread waits for.
///
/// Its lock is held only to read or change these two tables, never while a factory runs, so
/// it delays no factory.
struct ResolutionGraph: Sendable {
  static let shared = Mutex(ResolutionGraph())

  /// The thread running each cell's factory.
  var resolver: [ObjectIdentifier: ObjectIdentifier] = [:]
  /// The cell each thread waits for.
  var waitsFor: [ObjectIdentifier: ObjectIdentifier] = [:]

  /// Whether `thread` waiting for `cell` would wait, through other threads, for itself; if
  /// not, records the wait.
  mutating func wouldWaitForItself(
    _ thread: ObjectIdentifier,
    waitingFor cell: ObjectIdentifier
  ) -> Bool {
    var next = resolver[cell]
    var steps = 0
    while let owner = next, steps <= resolver.count {
      if owner == thread { return true }
      guard let awaited = waitsFor[owner] else { break }
      next = resolver[awaited]
      steps += 1
    }
    waitsFor[thread] = cell
    return false
  }
}
