// Variant: the learner could not store a value in the wrapper struct without a mutating getter,
// so they cached resolved services in one global table keyed by type. Every owner of every
// container then shares the first instance ever resolved, and one test's fakes leak into the
// next. Wrong: Task 3 must fail.
import Foundation
import Synchronization

private let resolvedByType = Mutex<[ObjectIdentifier: any Sendable]>([:])

/// Gives its owner a service from the container, cached per service type.
@propertyWrapper
public struct Injected<Service: Sendable>: Sendable {
  private let container: Container

  /// Remembers ``Container/current``.
  public init() {
    container = Container.current
  }

  /// The service, resolved once per type for the whole app.
  public var wrappedValue: Service {
    let key = ObjectIdentifier(Service.self)
    if let cached = resolvedByType.withLock({ $0[key] }) as? Service { return cached }
    let service = container.resolveOrStop(Service.self)
    return resolvedByType.withLock { table in
      if let cached = table[key] as? Service { return cached }
      table[key] = service
      return service
    }
  }
}
