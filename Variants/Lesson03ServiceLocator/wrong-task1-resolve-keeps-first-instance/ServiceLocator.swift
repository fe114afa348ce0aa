// Variant: the learner keyed by ObjectIdentifier and, "so that every caller shares one
// instance", kept the first instance each type resolved to and served it ever after; a
// later registration of that type is ignored once anything resolved it; a registry whose
// register(_:factory:) says "a later registration replaces it" must not do that. Must fail
// Task 1 (Guard: a later registration replaces the earlier one, also after a resolve).
import Synchronization

/// A registry that hands out services by their type.
public final class ServiceLocator: Sendable {
  private struct State {
    var factories: [ObjectIdentifier: @Sendable () -> Any] = [:]
    var instances: [ObjectIdentifier: Made] = [:]
  }

  /// Something a factory made, kept for later callers.
  private struct Made: @unchecked Sendable { let value: Any }

  private let state = Mutex(State())

  /// Creates an empty locator.
  public init() {}

  /// Registers how to make a service.
  public func register<Service>(
    _ type: Service.Type,
    factory: @escaping @Sendable () -> Service
  ) {
    state.withLock { $0.factories[ObjectIdentifier(type)] = factory }
  }

  /// Makes the service registered for `type`, once; later calls get the same instance.
  public func resolve<Service>(_ type: Service.Type = Service.self) throws -> Service {
    let key = ObjectIdentifier(type)
    let (instance, factory) = state.withLock { ($0.instances[key], $0.factories[key]) }
    if let instance = instance?.value as? Service { return instance }
    guard let factory, let service = factory() as? Service else {
      throw ServiceLocatorError.unregistered(typeName: String(reflecting: type))
    }
    let made = Made(value: service)
    state.withLock { $0.instances[key] = made }
    return service
  }

  /// Checks, without making anything, that every required type is registered.
  public func verifyRegistrations(_ required: [any Any.Type]) throws {
    let registered = state.withLock { Set($0.factories.keys) }
    let missing = required.filter { !registered.contains(ObjectIdentifier($0)) }
    guard missing.isEmpty else {
      throw ServiceLocatorError.missingRegistrations(
        typeNames: missing.map { String(reflecting: $0) }
      )
    }
  }
}
