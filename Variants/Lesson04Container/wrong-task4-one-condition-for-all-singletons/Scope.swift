// Variant: one condition shared by every singleton cell, and a new creation waits while any
// other singleton is being created ("one creation at a time"); a slow factory delays every
// unrelated singleton, and a singleton built from another singleton waits for itself. Caught
// by Task 4 "A slow singleton factory does not delay an unrelated singleton".
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
/// One condition for every cell: simpler than one per singleton.
private let sharedCondition = NSCondition()
private nonisolated(unsafe) var creationsInFlight = 0

final class OnceCell<Value: Sendable>: @unchecked Sendable {
  private enum State {
    case empty
    case creating
    case created(Value)
  }

  // NB: `state` is only read or written while `condition` is locked, hence @unchecked.
  private var condition: NSCondition { sharedCondition }
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
      case .empty where creationsInFlight > 0:
        condition.wait()
      case .empty:
        creationsInFlight += 1
        state = .creating
        condition.unlock()
        do {
          let value = try make()
          finish(.created(value))
          return value
        } catch {
          finish(.empty)
          throw error
        }
      }
    }
  }

  private func finish(_ newState: State) {
    condition.lock()
    creationsInFlight -= 1
    state = newState
    condition.broadcast()
    condition.unlock()
  }
}
