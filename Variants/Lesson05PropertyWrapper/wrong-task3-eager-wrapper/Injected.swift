// Variant: the wrapper as many articles show it: it resolves in init, when the owner is created,
// and keeps the service. Factories run for properties never read, and a registration made after
// the owner exists is ignored. Wrong: Task 3 (and Task 4) must fail.
import Foundation

/// Gives its owner a service from the container, resolved when the owner is created.
@propertyWrapper
public struct Injected<Service: Sendable>: Sendable {
  private let service: Service

  /// Resolves the service from ``Container/current``.
  public init() {
    service = Container.current.resolveOrStop(Service.self)
  }

  /// The resolved service.
  public var wrappedValue: Service { service }
}
