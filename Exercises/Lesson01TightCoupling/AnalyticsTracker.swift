/// Where the profile screen reports what the user did: a seam.
///
/// `LiveAnalyticsTracker` is the implementation the app ships; a test hands the view
/// model a spy that only writes the events down.
public protocol AnalyticsTracker: Sendable {
  /// Reports one event.
  ///
  /// - Parameter event: What happened.
  func track(_ event: AnalyticsEvent)
}
