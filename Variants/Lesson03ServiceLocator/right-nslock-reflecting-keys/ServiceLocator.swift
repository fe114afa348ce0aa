// Variant: the learner keyed the registry by the type's full name, String(reflecting:),
// which the lesson allows, guarded it with an NSLock instead of a Mutex, and kept each
// registration with its name for messages. Another correct design; must pass.
import Foundation

/// A registry that hands out services by their type.
public final class ServiceLocator: @unchecked Sendable {
  private struct Registration {
    let make: @Sendable () -> Any
  }

  // NB: Only touched while `lock` is held; no factory runs under the lock.
  private var registrations: [String: Registration] = [:]
  private let lock = NSLock()

  /// Creates an empty locator.
  public init() {}

  private static func key(_ type: any Any.Type) -> String { String(reflecting: type) }

  /// Registers how to make a service; a later registration for the same type replaces it.
  public func register<Service>(
    _ type: Service.Type,
    factory: @escaping @Sendable () -> Service
  ) {
    let key = Self.key(type)
    lock.lock()
    registrations[key] = Registration(make: factory)
    lock.unlock()
  }

  /// Makes the service registered for `type`.
  public func resolve<Service>(_ type: Service.Type = Service.self) throws -> Service {
    let key = Self.key(type)
    lock.lock()
    let registration = registrations[key]
    lock.unlock()
    guard let service = registration?.make() as? Service else {
      throw ServiceLocatorError.unregistered(typeName: key)
    }
    return service
  }

  /// Names every required type that is not registered, in one error.
  public func verifyRegistrations(_ required: [any Any.Type]) throws {
    lock.lock()
    let missing = required.map(Self.key).filter { registrations[$0] == nil }
    lock.unlock()
    if !missing.isEmpty {
      throw ServiceLocatorError.missingRegistrations(typeNames: missing)
    }
  }
}
