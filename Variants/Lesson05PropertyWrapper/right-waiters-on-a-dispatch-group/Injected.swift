// Variant: a Mutex box whose "resolving" phase carries a DispatchGroup: the first reader enters
// the group, runs the factory without any lock, stores the service and leaves the group; later
// readers wait on the group outside the lock. A reader on the resolving thread itself is in a
// cycle and stops the app. Right: must pass.
import Dispatch
import Foundation
import Synchronization

@propertyWrapper
public struct Injected<Service: Sendable>: Sendable {
  private enum Phase: @unchecked Sendable {
    case unresolved
    case resolving(DispatchGroup, thread: ObjectIdentifier)
    case resolved(Service)
  }

  private final class Box: Sendable {
    let phase = Mutex(Phase.unresolved)
  }

  private let container: Container
  private let box = Box()

  /// Remembers ``Container/current``; resolves nothing yet.
  public init() {
    container = Container.current
  }

  /// The service, resolved on the first read and kept.
  public var wrappedValue: Service {
    let me = ObjectIdentifier(Thread.current)
    while true {
      let (found, wait, claimed) = box.phase.withLock {
        phase -> (Service?, DispatchGroup?, DispatchGroup?) in
        switch phase {
        case .resolved(let service): return (service, nil, nil)
        case .resolving(let group, let thread):
          if thread == me { fatalError("Cycle: resolving \(Service.self) reads it again.") }
          return (nil, group, nil)
        case .unresolved:
          let group = DispatchGroup()
          group.enter()
          phase = .resolving(group, thread: me)
          return (nil, nil, group)
        }
      }
      if let found { return found }
      if let wait {
        wait.wait()
        continue
      }
      let service = container.resolveOrStop(Service.self)
      box.phase.withLock { $0 = .resolved(service) }
      claimed?.leave()
      return service
    }
  }
}
