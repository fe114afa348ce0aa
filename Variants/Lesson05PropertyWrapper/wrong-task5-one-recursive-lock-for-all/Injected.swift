// Variant: the learner read that one shared lock deadlocks when a factory reads another
// @Injected property, and made it a recursive lock: one NSRecursiveLock for every wrapper, held
// while the service resolves. The nested read on the same thread now passes, but a slow factory
// on one thread blocks the first read of every unrelated property on every other thread.
// Wrong: Task 5 must fail (the test where a slow factory must not delay an unrelated read).
import Foundation

private let resolutionLock = NSRecursiveLock()

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
