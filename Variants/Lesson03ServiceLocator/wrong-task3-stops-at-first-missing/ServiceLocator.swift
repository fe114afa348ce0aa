// Variant: keys and error messages are right (Tasks 1 and 2), but the start-up check
// still throws at the first missing registration, so a launch reports one gap at a time
// and the team fixes and relaunches once per forgotten service. Must fail Task 3.
import Synchronization

public final class ServiceLocator: Sendable {
  private let factories = Mutex<[ObjectIdentifier: @Sendable () -> Any]>([:])

  public init() {}

  public func register<Service>(
    _ type: Service.Type,
    factory: @escaping @Sendable () -> Service
  ) {
    factories.withLock { $0[ObjectIdentifier(type)] = factory }
  }

  public func resolve<Service>(_ type: Service.Type = Service.self) throws -> Service {
    let factory = factories.withLock { $0[ObjectIdentifier(type)] }
    guard let factory, let service = factory() as? Service else {
      throw ServiceLocatorError.unregistered(typeName: String(reflecting: type))
    }
    return service
  }

  public func verifyRegistrations(_ required: [any Any.Type]) throws {
    let registered = factories.withLock { Set($0.keys) }
    for type in required where !registered.contains(ObjectIdentifier(type)) {
      throw ServiceLocatorError.unregistered(typeName: String(reflecting: type))
    }
  }
}
