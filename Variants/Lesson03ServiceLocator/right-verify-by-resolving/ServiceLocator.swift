// Variant: the learner keyed the registry by a ServiceKey that pairs the type's
// ObjectIdentifier with its printed name (for messages), threw a struct error instead of
// an enum, and made the start-up check actually build every required service, collecting
// every failure before throwing. A different design of the same ideas. Must pass.
import Synchronization

/// A registry that hands out services by their type.
public final class ServiceLocator: Sendable {
  private struct ServiceKey: Hashable {
    let id: ObjectIdentifier
    init(_ type: any Any.Type) { id = ObjectIdentifier(type) }
  }

  private let factories = Mutex<[ServiceKey: @Sendable () -> Any]>([:])

  public init() {}

  public func register<Service>(
    _ type: Service.Type,
    factory: @escaping @Sendable () -> Service
  ) {
    factories.withLock { $0[ServiceKey(type)] = factory }
  }

  public func resolve<Service>(_ type: Service.Type = Service.self) throws -> Service {
    let factory = factories.withLock { $0[ServiceKey(type)] }
    guard let service = factory?() as? Service else {
      throw ServiceLocatorError(missing: [String(describing: type)])
    }
    return service
  }

  public func verifyRegistrations(_ required: [any Any.Type]) throws {
    var missing: [String] = []
    for type in required {
      do {
        try build(type)
      } catch let error as ServiceLocatorError {
        missing += error.missing
      }
    }
    if !missing.isEmpty { throw ServiceLocatorError(missing: missing) }
  }

  private func build<Service>(_ type: Service.Type) throws {
    _ = try resolve(type)
  }
}
