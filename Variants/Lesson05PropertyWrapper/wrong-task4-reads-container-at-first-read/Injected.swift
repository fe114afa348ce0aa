// Variant: lazy, cached and thread-safe, but the wrapper reads Container.current at the first
// read instead of when its owner is created. An owner made in a test's scope and read elsewhere
// (another scope, a thread, a detached task) silently gets another container's services.
// Wrong: Task 4 must fail.
import Foundation
import Synchronization

/// Gives its owner a service from whatever container is current at the first read.
@propertyWrapper
public struct Injected<Service: Sendable>: Sendable {
  private final class Box: Sendable {
    let service = Mutex<Service?>(nil)
  }

  private let box = Box()

  /// Resolves nothing yet.
  public init() {}

  /// The service, resolved from ``Container/current`` on the first read and kept.
  public var wrappedValue: Service {
    box.service.withLock { service in
      if let service { return service }
      let resolved = Container.current.resolveOrStop(Service.self)
      service = resolved
      return resolved
    }
  }
}
