// Variant: each singleton cell has a semaphore of its own, taken only while that singleton
// is created, and a Mutex for the finished value (checked before and after the semaphore).
// Right: callers of one singleton wait for its one creation, nothing else waits, a failed
// creation releases the semaphore for the next try, and the container's chain and wait-for
// graph report cycles before any semaphore is taken twice.
import Dispatch
import Synchronization

/// How long an instance a container creates lives.
public enum Scope: Sendable {
  /// A new instance on every resolve.
  case transient
  /// One instance per registration, created on its first resolve and shared afterwards.
  case singleton
}

/// Holds a value created at most once; its creation is guarded by a semaphore of its own.
final class OnceCell<Value: Sendable>: Sendable {
  private let creating = DispatchSemaphore(value: 1)
  private let stored = Mutex<Value?>(nil)

  /// Returns the value, creating it with `make` if nobody has yet.
  func value(orCreate make: () throws -> Value) rethrows -> Value {
    if let value = stored.withLock({ $0 }) { return value }
    creating.wait()
    defer { creating.signal() }
    if let value = stored.withLock({ $0 }) { return value }
    let made = try make()
    stored.withLock { $0 = made }
    return made
  }
}
