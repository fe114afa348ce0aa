// Variant: the simplest safe lazy wrapper: a class box whose Mutex is held while the service
// resolves. The lock belongs to this one property, so a factory that reads other @Injected
// properties takes other locks and cannot deadlock (only a cycle could). Right: must pass.
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
    box.service.withLock { service in
      if let service { return service }
      let resolved = container.resolveOrStop(Service.self)
      service = resolved
      return resolved
    }
  }
}
