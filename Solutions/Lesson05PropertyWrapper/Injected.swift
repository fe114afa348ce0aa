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
/// hidden from its initializer. If used at all, keep it at the edges (views, view models);
/// business logic takes its collaborators through its initializer.
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
    let claimed: Bool = phase.withLock { phase in
      guard case .unresolved = phase else { return false }
      phase = .resolving
      return true
    }
    if claimed {
      let value = compute()
      phase.withLock { $0 = .resolved(value) }
      resolved.lock()
      resolved.broadcast()
      resolved.unlock()
      return value
    }
    resolved.lock()
    defer { resolved.unlock() }
    while true {
      if case .resolved(let value) = phase.withLock({ $0 }) { return value }
      resolved.wait()
    }
  }
}
