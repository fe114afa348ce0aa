// Variant: the wrapper itself is a final class, so the owner stores a reference and the getter
// never mutates the owner. It is Sendable because its only mutable state sits in a Mutex.
// Right: must pass.
import Foundation
import Synchronization

/// Gives its owner a service from the container, resolved on the first read.
@propertyWrapper
public final class Injected<Service: Sendable>: Sendable {
  private let container: Container
  private let resolved = Mutex<Service?>(nil)

  /// Remembers ``Container/current``; resolves nothing yet.
  public init() {
    container = Container.current
  }

  /// The service, resolved on the first read and kept.
  public var wrappedValue: Service {
    resolved.withLock { service in
      if let service { return service }
      let fresh = container.resolveOrStop(Service.self)
      service = fresh
      return fresh
    }
  }
}
