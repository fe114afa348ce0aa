// Variant: exactly what Task 3's hints lead to, and nothing more: a Mutex box read under its
// lock, the service resolved outside it and stored under it again. It passes Tasks 1 to 4 (one
// thread at a time), and Task 5 must fail: a hundred threads that read at once all see an empty
// box and each runs the factory. It proves that Task 3's hints do not solve Task 5.
import Foundation
import Synchronization

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
    box.service.withLock { $0 = resolved }
    return resolved
  }
}
