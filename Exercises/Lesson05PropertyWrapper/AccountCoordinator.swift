import Foundation

/// Decides which account screens the user sees, and in what order.
///
/// Here its router and analytics come from the container through `@Injected`; lesson 06
/// gives coordinators a factory for their screens instead, so they hold no service.
@MainActor
public final class AccountCoordinator {
  @Injected private var router: any Router
  @Injected private var analytics: any Analytics

  /// Creates the coordinator. With a lazy `@Injected` (Task 3) its services are resolved
  /// when it first uses them; an eager one resolves them here.
  public init() {}

  /// Shows the first account screen, the profile.
  public func start() {
    router.show(.profile)
  }

  /// Shows the settings and reports `settings_opened`.
  public func showSettings() {
    analytics.track("settings_opened")
    router.show(.settings)
  }
}
