// Variant: when the factory throws, the cell goes back to empty but wakes nobody; threads
// already waiting for that creation sleep forever. Caught by Task 3 "A factory that throws
// wakes the threads waiting for it, and the next try shares".
import Foundation

/// How long an instance a container creates lives.
public enum Scope: Sendable {
  /// A new instance on every resolve.
  case transient
  /// One instance per registration, created on its first resolve and shared afterwards.
  case singleton
}

/// Holds a value that is created at most once, on first use, even when many threads ask
/// for it at the same moment.
///
/// The lock is never held while `make` runs: the first caller marks the cell as being
/// created, unlocks, and builds the value; later callers wait on the condition (which
/// releases the lock while they wait) until the value is there. If `make` throws, the cell
/// is empty again and the next caller tries afresh.
///
/// Source: the "once" cell behind Swift's global and static variables (`swift_once`), and
/// the in-flight markers of containers such as Swinject and Factory.
final class OnceCell<Value: Sendable>: @unchecked Sendable {
  private enum State {
    case empty
    case creating
    case created(Value)
  }

  // NB: `state` is only read or written while `condition` is locked, hence @unchecked.
  private let condition = NSCondition()
  private var state = State.empty

  /// Returns the value, creating it with `make` if nobody has yet.
  func value(orCreate make: () throws -> Value) rethrows -> Value {
    condition.lock()
    while true {
      switch state {
      case .created(let value):
        condition.unlock()
        return value
      case .creating:
        condition.wait()
      case .empty:
        state = .creating
        condition.unlock()
        do {
          let value = try make()
          finish(.created(value))
          return value
        } catch {
          condition.lock()
          state = .empty
          condition.unlock()
          throw error
        }
      }
    }
  }

  private func finish(_ newState: State) {
    condition.lock()
    state = newState
    condition.broadcast()
    condition.unlock()
  }
}
