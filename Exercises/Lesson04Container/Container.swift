import Foundation

// The app's first container, grown from a blog post: a dictionary of factories keyed by
// the type's name, behind one lock. It worked on the first screen. Then a singleton was
// created twice, a factory that resolved its own dependency froze the app, a typo in a
// registration crashed it, and nobody could say which service was missing.
// Make it a container you would ship. The tasks are in lessons/04-container.md.

/// A dependency injection container: register a factory per service, resolve by type.
public final class Container: Resolver, @unchecked Sendable {
  private let lock = NSLock()
  private var factories: [String: @Sendable (any Resolver) throws -> any Sendable] = [:]

  /// Creates an empty container.
  public init() {}

  /// Registers the factory that makes `type`.
  ///
  /// - Parameters:
  ///   - type: The type callers resolve, often a protocol.
  ///   - name: Tells apart two registrations of one type (`"utc"`, `"local"`).
  ///   - scope: ``Scope/transient`` (the default) or ``Scope/singleton``.
  ///   - factory: Makes the service; it receives a resolver for its own dependencies.
  public func register<Service: Sendable>(
    _ type: Service.Type,
    name: String? = nil,
    scope: Scope = .transient,
    factory: @escaping @Sendable (any Resolver) throws -> Service
  ) {
    // TODO: Task 1 — two different types can share this short name.
    // TODO: Task 6 — two registrations of one type, under two names, must not collide.
    let key = String(describing: type)
    lock.lock()
    defer { lock.unlock() }
    // TODO: Task 3 — the scope is ignored: every service is made anew on every resolve.
    factories[key] = factory
  }

  /// Returns the service registered for `type` under `name`.
  public func resolve<Service: Sendable>(_ type: Service.Type, name: String?) throws -> Service {
    let key = String(describing: type)
    // TODO: Task 4 — this lock is still held while the factory below runs.
    lock.lock()
    defer { lock.unlock() }
    guard let factory = factories[key] else {
      // TODO: Task 2 — this was a fatalError once; now it throws, but names nothing.
      throw ContainerError.unregistered(service: "a service", name: nil)
    }
    // TODO: Task 5 — a service that needs itself, directly or not, must end in an error.
    guard let service = try factory(self) as? Service else {
      throw ContainerError.unregistered(service: "a service", name: nil)
    }
    return service
  }

  /// Returns a container for a test or a feature, whose registrations override this one's.
  public func makeChild() -> Container {
    // TODO: Task 7 — registering in the child must not change this container.
    self
  }
}
