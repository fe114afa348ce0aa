// Variant: gives each singleton a lock of its own (an NSRecursiveLock) and holds it while that one
// singleton is created. Right: callers of the same singleton wait for its one creation, other
// services never wait, and the resolution chain reports a cycle before the lock is taken again.
import Foundation

/// How long an instance a container creates lives.
public enum Scope: Sendable {
  /// A new instance on every resolve.
  case transient
  /// One instance per registration, created on its first resolve and shared afterwards.
  case singleton
}

/// Holds a value created at most once, guarded by a lock of its own.
final class OnceCell<Value: Sendable>: @unchecked Sendable {
  // NB: `stored` is only touched while `lock` is held, hence @unchecked.
  private let lock = NSRecursiveLock()
  private var stored: Value?

  func value(orCreate make: () throws -> Value) rethrows -> Value {
    lock.lock()
    defer { lock.unlock() }
    if let stored { return stored }
    let made = try make()
    stored = made
    return made
  }
}
