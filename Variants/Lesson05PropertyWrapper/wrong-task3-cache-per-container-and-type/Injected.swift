// Variant: the learner cached resolved services per container and type, in one global table,
// so that tests with different containers stay apart. But every owner in one container then
// shares the first instance resolved, though the registration is a factory that builds a new one
// per owner. Wrong: Task 3 must fail (each coordinator resolves its own router).
import Foundation
import Synchronization

private let resolved = Mutex<[String: any Sendable]>([:])

@propertyWrapper
public struct Injected<Service: Sendable>: Sendable {
  private let container: Container

  /// Remembers ``Container/current``; resolves nothing yet.
  public init() {
    container = Container.current
  }

  /// The service, resolved on the first read and kept for this container.
  public var wrappedValue: Service {
    let key = "\(ObjectIdentifier(container).hashValue)-\(Service.self)"
    if let service = resolved.withLock({ $0[key] as? Service }) { return service }
    let service = container.resolveOrStop(Service.self)
    return resolved.withLock { table in
      if let kept = table[key] as? Service { return kept }
      table[key] = service
      return service
    }
  }
}
