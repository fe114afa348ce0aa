// Variant: the root of the renamed-wrapper design: it calls the harness that hides a container.
// Wrong: Task 6 must fail (the service still stores a container).
import Foundation

extension Container {
  /// Builds the app's container with the live services: the composition root.
  ///
  /// Services the whole app shares are built once here and returned by their factory.
  ///
  /// - Returns: A container with every service the app's screens and coordinators read.
  public static func live() -> Container {
    let container = Container()
    let analytics = LiveAnalytics()
    container.register((any Analytics).self) { analytics }
    container.register((any ProfileService).self) { LiveProfileService() }
    container.register((any Router).self) { LiveRouter() }
    container.register((any FeatureFlagStore).self) {
      BundledFeatureFlags(enabled: ["new_checkout"])
    }
    let payments = LivePaymentGateway()
    container.register((any PaymentGateway).self) { payments }
    container.register(CheckoutService.self) {
      makeCheckoutService(payments: payments, analytics: analytics)
    }
    return container
  }
}
