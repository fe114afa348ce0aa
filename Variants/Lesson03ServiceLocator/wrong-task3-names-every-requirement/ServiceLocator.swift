// Variant: the start-up check notices that something is missing and then lists every
// required type, registered or not ("these are what the app needs"). The tests that only
// look for the missing names pass, but the list blames services that are registered, and
// the reader cannot tell which ones to add. Must fail Task 3 (names only what is missing).
import Synchronization

/// A registry that hands out services by their type.
///
/// Code that asks a locator for its collaborators hides them: nothing in its initializer
/// says what it needs, and a forgotten registration only shows when that code runs. So
/// keep a locator, if you keep one at all, at the composition root: resolve there, once,
/// and pass what you resolved through initializers.
///
/// ```swift
/// let locator = ServiceLocator()
/// locator.register(Analytics.self) { ConsoleAnalytics() }
/// try locator.verifyRegistrations([Analytics.self])
/// let analytics = try locator.resolve(Analytics.self)
/// ```
///
/// There is deliberately no shared instance: whoever needs a locator is given one, so two
/// tests with different fakes each use their own.
///
/// Source: Martin Fowler, "Inversion of Control Containers and the Dependency Injection
/// pattern" (2004); Mark Seemann, "Service Locator is an Anti-Pattern" (2010).
public final class ServiceLocator: Sendable {
  // NB: Keyed by type identity. Two types can share a name (`Billing.Settings` and
  // `Shipping.Settings` both print as "Settings"); they never share an ObjectIdentifier.
  private let factories = Mutex<[ObjectIdentifier: @Sendable () -> Any]>([:])

  /// Creates an empty locator.
  public init() {}

  /// Registers how to make a service; a later registration for the same type replaces it.
  ///
  /// - Parameters:
  ///   - type: The type callers will ask for, usually a protocol such as `Analytics.self`.
  ///   - factory: Makes the service. It runs on every `resolve(_:)`, outside any lock, so
  ///     it may resolve other services from this locator.
  public func register<Service>(
    _ type: Service.Type,
    factory: @escaping @Sendable () -> Service
  ) {
    factories.withLock { $0[ObjectIdentifier(type)] = factory }
  }

  /// Makes the service registered for `type`.
  ///
  /// - Parameter type: The type to look up, exactly as it was registered.
  /// - Returns: What the registered factory made.
  /// - Throws: `ServiceLocatorError.unregistered` naming `type` when nothing is
  ///   registered for it.
  public func resolve<Service>(_ type: Service.Type = Service.self) throws -> Service {
    let factory = factories.withLock { $0[ObjectIdentifier(type)] }
    guard let factory, let service = factory() as? Service else {
      throw ServiceLocatorError.unregistered(typeName: String(reflecting: type))
    }
    return service
  }

  /// Checks, without making anything, that every required type is registered.
  ///
  /// Call it at start-up, after the last registration: a forgotten registration then stops
  /// the app at launch, with the whole list, instead of one screen at a time in the field.
  ///
  /// - Parameter required: Every type the app will resolve.
  /// - Throws: `ServiceLocatorError.missingRegistrations` naming every required type that
  ///   is not registered, in the order given.
  public func verifyRegistrations(_ required: [any Any.Type]) throws {
    let registered = factories.withLock { Set($0.keys) }
    guard required.allSatisfy({ registered.contains(ObjectIdentifier($0)) }) else {
      throw ServiceLocatorError.missingRegistrations(
        typeNames: required.map { String(reflecting: $0) }
      )
    }
  }
}
