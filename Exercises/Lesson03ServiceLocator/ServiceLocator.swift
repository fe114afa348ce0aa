import Synchronization

/// A registry that hands out services by their type.
///
/// The checkout team added it so that nobody has to pass services through initializers
/// any more: register once at launch, then ask for a service wherever you need it.
public final class ServiceLocator: Sendable {
  // TODO: Task 5 — a registry that every caller (and every test) shares can hold only one
  // set of fakes at a time.
  /// The registry the whole app shares.
  public static let shared = ServiceLocator()

  // TODO: Task 1 — a type's name is not its identity: find a key two different types
  // can never share.
  private let factories = Mutex<[String: @Sendable () -> Any]>([:])

  /// Creates an empty locator.
  public init() {}

  /// Registers how to make a service; a later registration under the same key replaces it.
  ///
  /// - Parameters:
  ///   - type: The type callers will ask for, usually a protocol such as `Analytics.self`.
  ///   - factory: Makes the service; it runs on every `resolve(_:)`.
  public func register<Service>(
    _ type: Service.Type,
    factory: @escaping @Sendable () -> Service
  ) {
    let key = String(describing: type)
    factories.withLock { $0[key] = factory }
  }

  /// Makes the service registered for `type`.
  ///
  /// - Parameter type: The type to look up.
  /// - Returns: What the registered factory made.
  /// - Throws: `ServiceLocatorError` when nothing is registered for `type`.
  public func resolve<Service>(_ type: Service.Type = Service.self) throws -> Service {
    let key = String(describing: type)
    let factory = factories.withLock { $0[key] }
    guard let factory, let service = factory() as? Service else {
      // TODO: Task 2 — whoever reads this error at 2 a.m. must learn which service is
      // missing without a debugger.
      throw ServiceLocatorError.serviceNotFound
    }
    return service
  }

  /// Checks at start-up that every required type is registered.
  ///
  /// - Parameter required: Every type the app will resolve.
  /// - Throws: `ServiceLocatorError` when a required type is not registered.
  public func verifyRegistrations(_ required: [any Any.Type]) throws {
    let registered = factories.withLock { Set($0.keys) }
    for type in required where !registered.contains(String(describing: type)) {
      // TODO: Task 3 — one missing service per launch means one fix-and-relaunch per
      // service; report them all.
      throw ServiceLocatorError.serviceNotFound
    }
  }
}
