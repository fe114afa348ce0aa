// Variant: the root of the keeps-a-container design: it hands the service its own container.
// Wrong: Task 6 must fail (the service stores a container).
import Foundation

extension Container {
  /// Builds the app's container with the live services: the composition root.
  ///
  /// Services the whole app shares are built once here and returned by their factory.
  /// Business logic, such as ``CheckoutService``, is built here with initializer injection;
  /// only the edges of this app (its screens, and here its coordinator) read the container,
  /// through `@Injected`.
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
      CheckoutService(container: container)
    }
    return container
  }
}
