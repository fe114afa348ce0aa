// Variant: the learner stored the service in a class box with a plain `var` and silenced the
// compiler with `@unchecked Sendable`. Two threads making the first read at once both see `nil`
// and both resolve. Wrong: Task 5 must fail.
import Foundation

/// Gives its owner a service from the container, resolved on the first read.
@propertyWrapper
public struct Injected<Service: Sendable>: Sendable {
  private final class Box: @unchecked Sendable {
    var service: Service?
  }

  private let container: Container
  private let box = Box()

  /// Remembers ``Container/current``; resolves nothing yet.
  public init() {
    container = Container.current
  }

  /// The service, resolved on the first read and kept.
  public var wrappedValue: Service {
    if let service = box.service { return service }
    let service = container.resolveOrStop(Service.self)
    box.service = service
    return service
  }
}
