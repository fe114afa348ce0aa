// Variant: takes a lock made inside `value(orCreate:)`, so each call has a lock of its own.
// Wrong: a lock nobody else shares excludes nobody; concurrent first callers each create one.
import Foundation
import Synchronization

/// How long an instance a container creates lives.
public enum Scope: Sendable {
  /// A new instance on every resolve.
  case transient
  /// One instance per registration, created on its first resolve and shared afterwards.
  case singleton
}

/// Holds a value created on first use.
final class OnceCell<Value: Sendable>: Sendable {
  private let stored = Mutex<Value?>(nil)

  func value(orCreate make: () throws -> Value) rethrows -> Value {
    let lock = NSLock()
    lock.lock()
    defer { lock.unlock() }
    if let value = stored.withLock({ $0 }) { return value }
    let value = try make()
    stored.withLock { $0 = value }
    return value
  }
}
