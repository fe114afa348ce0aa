// Variant: one app-wide NSRecursiveLock held around every singleton's creation (nested
// creations on the same thread still work); a slow singleton factory delays every other
// singleton, and a factory that waits for another thread deadlocks. Caught by Task 4 "A slow
// singleton factory does not delay an unrelated singleton" and "A singleton factory that
// waits for another thread resolving a singleton completes".
import Foundation

/// How long an instance a container creates lives.
public enum Scope: Sendable {
  /// A new instance on every resolve.
  case transient
  /// One instance per registration, created on its first resolve and shared afterwards.
  case singleton
}

/// The one lock every singleton's creation takes.
private let creationLock = NSRecursiveLock()

/// Holds a value created at most once, under the app-wide creation lock.
final class OnceCell<Value: Sendable>: @unchecked Sendable {
  // NB: `stored` is only touched while `creationLock` is held, hence @unchecked.
  private var stored: Value?

  func value(orCreate make: () throws -> Value) rethrows -> Value {
    creationLock.lock()
    defer { creationLock.unlock() }
    if let stored { return stored }
    let made = try make()
    stored = made
    return made
  }
}
