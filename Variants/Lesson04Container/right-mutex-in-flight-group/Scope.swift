// Variant: keeps the cell's state in a Mutex and marks a creation in flight with a DispatchGroup
// that later callers wait on outside the Mutex. Right: the same guarantees as a condition
// variable, with no lock held while the factory runs.
import Foundation
import Synchronization

/// How long an instance a container creates lives.
public enum Scope: Sendable {
  /// A new instance on every resolve.
  case transient
  /// One instance per registration, created on its first resolve and shared afterwards.
  case singleton
}

/// Holds a value created at most once; callers that find it in flight wait on its group.
final class OnceCell<Value: Sendable>: Sendable {
  private enum State: Sendable {
    case empty
    case creating(DispatchGroup)
    case created(Value)
  }

  private enum Next {
    case done(Value)
    case wait(DispatchGroup)
    case create(DispatchGroup)
  }

  private let state = Mutex(State.empty)

  func value(orCreate make: () throws -> Value) rethrows -> Value {
    while true {
      let next: Next = state.withLock { state in
        switch state {
        case .created(let value):
          return .done(value)
        case .creating(let group):
          return .wait(group)
        case .empty:
          let group = DispatchGroup()
          group.enter()
          state = .creating(group)
          return .create(group)
        }
      }
      switch next {
      case .done(let value):
        return value
      case .wait(let group):
        group.wait()
      case .create(let group):
        defer { group.leave() }
        do {
          let value = try make()
          state.withLock { $0 = .created(value) }
          return value
        } catch {
          state.withLock { $0 = .empty }
          throw error
        }
      }
    }
  }
}
