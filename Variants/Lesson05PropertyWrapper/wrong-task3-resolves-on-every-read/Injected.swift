// Variant: the learner made the wrapper lazy by resolving inside the getter, and never stored the
// result: every read runs the factory again and gets a new instance. Wrong: Task 3 must fail.
import Foundation

/// Gives its owner a service from the container, resolved on every read.
@propertyWrapper
public struct Injected<Service: Sendable>: Sendable {
  private let container: Container

  /// Remembers ``Container/current``.
  public init() {
    container = Container.current
  }

  /// A service freshly resolved from the owner's container.
  public var wrappedValue: Service {
    container.resolveOrStop(Service.self)
  }
}
