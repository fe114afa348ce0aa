/// Something that hands out services by type: a container, or the resolver a factory receives.
///
/// A factory asks the resolver it is given for its own dependencies, so it never needs to
/// know which container (or which child container) is building it:
///
/// ```swift
/// container.register(ReportService.self) { resolver in
///   ReportService(ledger: try resolver.resolve(Ledger.self))
/// }
/// ```
public protocol Resolver: Sendable {
  /// Returns the service registered for `type` under `name`.
  ///
  /// - Parameters:
  ///   - type: The type the service was registered as, often a protocol.
  ///   - name: The name it was registered under, or `nil` for the unnamed registration.
  /// - Returns: A new instance (transient scope) or the shared one (singleton scope).
  /// - Throws: ``ContainerError/unregistered(service:name:)`` when nothing is registered,
  ///   ``ContainerError/cycle(path:)`` when the service needs itself, or whatever a
  ///   factory on the way throws.
  func resolve<Service: Sendable>(_ type: Service.Type, name: String?) throws -> Service
}

extension Resolver {
  /// Returns the unnamed service registered for `type`.
  ///
  /// - Parameter type: The type the service was registered as.
  /// - Returns: A new instance (transient scope) or the shared one (singleton scope).
  /// - Throws: The errors of ``Resolver/resolve(_:name:)``.
  public func resolve<Service: Sendable>(_ type: Service.Type) throws -> Service {
    try resolve(type, name: nil)
  }
}
