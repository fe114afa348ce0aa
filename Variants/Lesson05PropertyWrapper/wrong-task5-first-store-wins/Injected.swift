// Variant: the learner kept the lock short, as a container should: check under the lock,
// resolve outside it, store only if no other thread stored first. Every caller ends up with the
// same instance, but when many threads make the first read at once the factory runs for each of
// them. Wrong: Task 5 must fail.
import Foundation
import Synchronization

/// Gives its owner a service from the container, resolved on the first read.
@propertyWrapper
public struct Injected<Service: Sendable>: Sendable {
  private final class Box: Sendable {
    let service = Mutex<Service?>(nil)
  }

  private let container: Container
  private let box = Box()

  /// Remembers ``Container/current``; resolves nothing yet.
  public init() {
    container = Container.current
  }

  /// The service, resolved on the first read and kept.
  public var wrappedValue: Service {
    if let service = box.service.withLock({ $0 }) { return service }
    let resolved = container.resolveOrStop(Service.self)
    return box.service.withLock { service in
      if let service { return service }
      service = resolved
      return resolved
    }
  }
}
