/// The analytics client the app ships: it sends real events to the vendor.
///
/// Like many analytics SDKs, it opens a session with the vendor as soon as it is
/// created, before any event is tracked. In this kata the session and the events go to
/// `Internet.current`, which writes them down.
public final class LiveAnalyticsTracker: AnalyticsTracker {
  private let apiKey: String

  /// Creates a tracker and opens a session with the vendor.
  ///
  /// - Parameter apiKey: The app's key at the analytics vendor.
  public init(apiKey: String) {
    self.apiKey = apiKey
    Internet.current.openAnalyticsSession(apiKey: apiKey)
  }

  /// Sends `event` to the vendor.
  ///
  /// - Parameter event: What happened.
  public func track(_ event: AnalyticsEvent) {
    Internet.current.deliver(event, apiKey: apiKey)
  }
}
