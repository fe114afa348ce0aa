/// What the composition root starts from: the facts of this launch and the edges of the
/// outside world. Everything else, the root builds.
public struct AppConfiguration: Sendable {
  /// Where the app is sold; decides market variants of screens.
  public var market: Market
  /// The account signed in at launch.
  public var account: Account
  /// Where analytics events go.
  public var analytics: any AnalyticsTracker
  /// How to make the client that talks to the backend. The configuration says how; the
  /// root decides how many and for how long.
  public var makeHTTPClient: @Sendable () -> any HTTPClient

  /// Creates a configuration.
  ///
  /// - Parameters:
  ///   - market: Where the app is sold.
  ///   - account: The account signed in at launch.
  ///   - analytics: Where analytics events go.
  ///   - makeHTTPClient: How to make the backend's client.
  public init(
    market: Market,
    account: Account,
    analytics: any AnalyticsTracker,
    makeHTTPClient: @escaping @Sendable () -> any HTTPClient
  ) {
    self.market = market
    self.account = account
    self.analytics = analytics
    self.makeHTTPClient = makeHTTPClient
  }

  /// A configuration that runs the whole app in memory, for demos.
  public static let demo = AppConfiguration(
    market: .eu,
    account: Account(id: "demo", name: "Demo"),
    analytics: PrintingAnalyticsTracker(),
    makeHTTPClient: { DemoHTTPClient() }
  )
}
