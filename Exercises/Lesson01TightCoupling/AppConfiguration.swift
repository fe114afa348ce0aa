/// The settings that tell one build of the app from another: production, staging, a demo.
public struct AppConfiguration: Equatable, Sendable {
  /// The profile API's host name.
  public var apiHost: String
  /// The app's key at the analytics vendor.
  public var analyticsKey: String

  /// Creates a configuration.
  ///
  /// - Parameters:
  ///   - apiHost: The profile API's host name.
  ///   - analyticsKey: The app's key at the analytics vendor.
  public init(apiHost: String, analyticsKey: String) {
    self.apiHost = apiHost
    self.analyticsKey = analyticsKey
  }

  /// The App Store build.
  public static let production = AppConfiguration(
    apiHost: "api.example.com",
    analyticsKey: "live-4f2a9c"
  )
}
