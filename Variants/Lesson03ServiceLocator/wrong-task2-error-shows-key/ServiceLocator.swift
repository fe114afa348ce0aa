// Variant: the learner moved to ObjectIdentifier keys (Task 1 done) and built the error
// message from the key, as it was the only thing at hand. An ObjectIdentifier prints as
// "ObjectIdentifier(0x…)", so the error still does not say which type is missing.
// Must fail Task 2.
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
    let key = ObjectIdentifier(type)
    let factory = factories.withLock { $0[key] }
    guard let factory, let service = factory() as? Service else {
      throw ServiceLocatorError.unregistered(typeName: "\(key)")
    }
    return service
  }

  public func verifyRegistrations(_ required: [any Any.Type]) throws {
    let registered = factories.withLock { Set($0.keys) }
    let missing = required.map(ObjectIdentifier.init).filter { !registered.contains($0) }
    guard missing.isEmpty else {
      throw ServiceLocatorError.missingRegistrations(typeNames: missing.map { "\($0)" })
    }
  }
}
