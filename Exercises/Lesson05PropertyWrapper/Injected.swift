import Foundation

/// Gives its owner a service from the container.
///
/// ```swift
/// @MainActor
/// final class SettingsScreen {
///   @Injected private var analytics: any Analytics
///
///   func appeared() { analytics.track("settings_shown") }
/// }
/// ```
///
/// This is the wrapper as many articles show it: the service is resolved from
/// ``Container/current`` when the owner is created, and kept.
///
/// Source: the `@Injected` wrapper that iOS articles show.
@propertyWrapper
public struct Injected<Service: Sendable>: Sendable {
  private let service: Service

  /// Resolves the service from ``Container/current``.
  public init() {
    // TODO: Task 3 — this runs the factory when the owner is created, even if the property
    // is never read.
    // TODO: Task 4 — a service registered after the owner was created is never seen.
    service = Container.current.resolveOrStop(Service.self)
  }

  /// The resolved service.
  public var wrappedValue: Service {
    // TODO: Task 5 — once the first read is deferred, many threads may make it at the same
    // moment; the factory must still run once.
    service
  }
}
