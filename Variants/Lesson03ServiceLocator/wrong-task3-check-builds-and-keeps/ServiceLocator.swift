// Variant: the start-up check builds every required service "to be sure it really can be
// made" and keeps what it built, so that resolve(_:) can hand the ready instances out
// later; a registration made after the check is then ignored for every checked type.
// Must fail Task 3 (the check leaves later registrations in force).
import Synchronization

/// A registry that hands out services by their type.
public final class ServiceLocator: Sendable {
  private struct State {
    var factories: [ObjectIdentifier: @Sendable () -> Any] = [:]
    var verified: [ObjectIdentifier: Made] = [:]
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

  /// Hands out what the start-up check built, or makes the service now.
  public func resolve<Service>(_ type: Service.Type = Service.self) throws -> Service {
    let key = ObjectIdentifier(type)
    let (ready, factory) = state.withLock { ($0.verified[key], $0.factories[key]) }
    if let ready = ready?.value as? Service { return ready }
    guard let factory, let service = factory() as? Service else {
      throw ServiceLocatorError.unregistered(typeName: String(reflecting: type))
    }
    return service
  }

  /// Builds every required service, keeps it, and names every one that cannot be built.
  public func verifyRegistrations(_ required: [any Any.Type]) throws {
    var missing: [String] = []
    for type in required {
      let key = ObjectIdentifier(type)
      if let factory = state.withLock({ $0.factories[key] }) {
        let built = Made(value: factory())
        state.withLock { $0.verified[key] = built }
      } else {
        missing.append(String(reflecting: type))
      }
    }
    guard missing.isEmpty else {
      throw ServiceLocatorError.missingRegistrations(typeNames: missing)
    }
  }
}
