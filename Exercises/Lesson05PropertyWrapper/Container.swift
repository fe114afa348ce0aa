import Foundation
import Synchronization

/// A small dependency container: a table from a service's type to the factory that builds it.
///
/// Every `resolve(_:)` calls the factory again (the transient scope). To share one instance,
/// build it once at the composition root and register a factory that returns it.
///
/// ```swift
/// let container = Container()
/// container.register((any Analytics).self) { LiveAnalytics() }
/// let analytics = try container.resolve((any Analytics).self)
/// ```
///
/// `@Injected` reads from ``current``: the app's ``shared`` container, unless a test runs
/// its code inside ``withCurrent(_:isolation:operation:)``.
public final class Container: Sendable {
  private let factories = Mutex<[ObjectIdentifier: @Sendable () -> any Sendable]>([:])

  /// Creates an empty container.
  public init() {}

  /// Registers the factory that builds `type`, replacing any earlier registration.
  ///
  /// - Parameters:
  ///   - type: The type callers ask for, usually a protocol existential such as
  ///     `(any Analytics).self`.
  ///   - factory: Builds a new instance each time the service is resolved.
  public func register<Service: Sendable>(
    _ type: Service.Type,
    factory: @escaping @Sendable () -> Service
  ) {
    factories.withLock { $0[ObjectIdentifier(type)] = factory }
  }

  /// Builds the service registered for `type`.
  ///
  /// The factory runs after the container's lock is released, so a factory may resolve
  /// other services.
  ///
  /// - Parameter type: The type that was registered.
  /// - Returns: A new instance from the registered factory.
  /// - Throws: ``ContainerError/unregistered(_:)`` when nothing is registered for `type`.
  public func resolve<Service: Sendable>(
    _ type: Service.Type
  ) throws(ContainerError) -> Service {
    let factory = factories.withLock { $0[ObjectIdentifier(type)] }
    guard let factory, let service = factory() as? Service else {
      throw .unregistered(String(describing: type))
    }
    return service
  }

  /// Resolves for a property wrapper, which cannot throw: a missing registration stops the
  /// app with the container's message, the service locator's runtime crash.
  func resolveOrStop<Service: Sendable>(_ type: Service.Type) -> Service {
    do {
      return try resolve(type)
    } catch {
      fatalError(error.description)
    }
  }
}

extension Container {
  /// The app's container, filled by the composition root in ``live()``.
  public static let shared = Container.live()

  /// The container that `@Injected` properties created now will use: the override set by
  /// ``withCurrent(_:isolation:operation:)`` if one is running, otherwise ``shared``.
  public static var current: Container {
    override.withLock { $0 } ?? shared
  }

  private static let override = Mutex<Container?>(nil)

  /// Runs `operation` with `container` as ``current``.
  ///
  /// Tests use it to give the code they run their own fakes.
  ///
  /// - Parameters:
  ///   - container: The container `@Injected` properties created in `operation` use.
  ///   - isolation: The caller's actor; `operation` runs on it.
  ///   - operation: The work to run.
  /// - Returns: What `operation` returns.
  /// - Throws: What `operation` throws.
  public static func withCurrent<Result>(
    _ container: Container,
    isolation: isolated (any Actor)? = #isolation,
    operation: () async throws -> Result
  ) async rethrows -> Result {
    // TODO: Task 2 — this override is one global value: every test running at the same time
    // sees it, and so does every task, detached or not.
    let previous = override.withLock { current in
      defer { current = container }
      return current
    }
    defer { override.withLock { $0 = previous } }
    return try await operation()
  }
}

/// Why a container could not build a service.
public enum ContainerError: Error, Equatable, CustomStringConvertible {
  /// Nothing is registered for the type with this name.
  case unregistered(String)

  public var description: String {
    switch self {
    case .unregistered(let name):
      "Nothing is registered for \(name). Register it at the composition root before it is read."
    }
  }
}
