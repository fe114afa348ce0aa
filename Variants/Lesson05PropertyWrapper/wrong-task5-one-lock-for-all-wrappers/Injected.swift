// Variant: a generic struct cannot have a static stored property, so the learner guarded every
// wrapper with one global lock, held while the service resolves. A factory that itself reads an
// @Injected property then waits for the lock its caller holds, forever. Wrong: Task 5 must fail.
import Foundation

private let resolutionLock = NSLock()

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
    resolutionLock.lock()
    defer { resolutionLock.unlock() }
    if let service = box.service { return service }
    let service = container.resolveOrStop(Service.self)
    box.service = service
    return service
  }
}
