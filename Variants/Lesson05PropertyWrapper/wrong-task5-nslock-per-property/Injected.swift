// Variant: a lock per property, as Task 5 allows, but an NSLock held while the service
// resolves. Many threads and nested reads of other properties work; a factory that reads the
// property it is resolving locks the NSLock its own thread holds and waits for itself forever.
// Wrong: Task 5 must fail (the cycle on one thread must stop the app, not hang).
import Foundation

@propertyWrapper
public struct Injected<Service: Sendable>: Sendable {
  private final class Box: @unchecked Sendable {
    // NB: `service` is only touched with `lock` held.
    let lock = NSLock()
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
    box.lock.lock()
    defer { box.lock.unlock() }
    if let service = box.service { return service }
    let service = container.resolveOrStop(Service.self)
    box.service = service
    return service
  }
}
