import Foundation

extension Container {
  /// Builds the app's container with the live services: the composition root.
  ///
  /// Services the whole app shares are built once here and returned by their factory.
  /// Business logic, such as ``CheckoutService``, is built here with initializer injection;
  /// only its screens read the container, through `@Injected` (and here its coordinator, to
  /// show the wrapper at work; lesson 06 gives coordinators a factory instead).
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
      CheckoutService(payments: payments, analytics: analytics)
    }
    return container
  }
}
