// Variant: the container is task-local, and a global "latest scope" is kept beside it for code
// that runs outside any task (a Thread, a Dispatch callback), so background work in a test sees
// that test's fakes. But a thread started in one test sees whichever test opened a scope last,
// and a thread started by app code outside any scope sees a test's container. Wrong: Task 2
// must fail (the tests of what a plain thread sees).
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

  /// The container that `@Injected` properties created now will use.
  ///
  /// It is bound to the current task: inside ``withCurrent(_:isolation:operation:)`` it is
  /// the container passed there, for that task and the child tasks it starts; everywhere
  /// else, including in a `Task.detached` and on a plain `Thread`, it is ``shared``.
  ///
  /// Source: the task-local design of swift-dependencies' `withDependencies` and of
  /// Factory's Swift Testing container trait.
  public static var current: Container {
    // Code outside any Swift task (a Thread, a Dispatch callback) cannot see a task-local, so
    // give it the container of the latest test scope, "so that background work sees the fakes".
    if let bound = scoped { return bound }
    let onAThread = withUnsafeCurrentTask { $0 == nil }
    return onAThread ? (latestScope.withLock { $0 } ?? shared) : shared
  }

  @TaskLocal private static var scoped: Container?
  private static let latestScope = Mutex<Container?>(nil)

  /// Runs `operation` with `container` as ``current``.
  ///
  /// Tests use it to give the code they run their own fakes. The binding belongs to the
  /// task that calls this, so tests running in parallel, each in its own scope, never see
  /// each other's container, and nothing is left behind when `operation` returns or throws.
  ///
  /// ```swift
  /// let container = Container()
  /// container.register((any Analytics).self) { spy }
  /// await Container.withCurrent(container) {
  ///   let screen = ProfileScreen(userID: "42")
  ///   await screen.load()
  /// }
  /// ```
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
    let previous = latestScope.withLock { latest in
      defer { latest = container }
      return latest
    }
    defer { latestScope.withLock { $0 = previous } }
    return try await $scoped.withValue(container, operation: operation, isolation: isolation)
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
