// Variant: the wrapper is a final class that guards its state with one NSCondition of its own:
// the first reader marks it resolving (with its thread), runs the factory without the lock,
// stores the result and broadcasts; a reader of the same property on its own resolving thread
// is inside its own factory, a cycle, and stops the app. Right: must pass.
import Foundation

@propertyWrapper
public final class Injected<Service: Sendable>: @unchecked Sendable {
  // NB: every access to `state` happens with `condition` locked.
  private enum State {
    case unresolved
    case resolving(by: Thread)
    case resolved(Service)
  }

  private let container: Container
  private let condition = NSCondition()
  private var state = State.unresolved

  /// Remembers ``Container/current``; resolves nothing yet.
  public init() {
    container = Container.current
  }

  /// The service, resolved on the first read and kept.
  public var wrappedValue: Service {
    condition.lock()
    while true {
      switch state {
      case .resolved(let service):
        condition.unlock()
        return service
      case .resolving(let thread):
        if thread === Thread.current {
          condition.unlock()
          fatalError("Cycle: resolving \(Service.self) reads \(Service.self) again.")
        }
        condition.wait()
      case .unresolved:
        state = .resolving(by: Thread.current)
        condition.unlock()
        let service = container.resolveOrStop(Service.self)
        condition.lock()
        state = .resolved(service)
        condition.broadcast()
        condition.unlock()
        return service
      }
    }
  }
}
