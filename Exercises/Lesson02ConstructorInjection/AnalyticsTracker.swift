/// Something that happened on the accounts screen that the product team wants to count.
public enum AnalyticsEvent: Equatable, Sendable {
  /// The screen asked for the accounts.
  case accountsRequested
  /// The accounts arrived; `count` says how many.
  case accountsLoaded(count: Int)
  /// Asking for the accounts failed.
  case accountsLoadFailed
}

/// Records analytics events.
public protocol AnalyticsTracker: Sendable {
  /// Records one event.
  ///
  /// - Parameter event: What happened.
  func track(_ event: AnalyticsEvent)
}

/// The production tracker: opens a session with the analytics vendor as soon as it is
/// created, like many real analytics SDKs, and sends each event to it.
///
/// In this kata the vendor is `OutsideWorld.current`, which writes everything down.
public final class LiveAnalytics: AnalyticsTracker {
  /// Creates a tracker and opens its session with the vendor.
  public init() {
    OutsideWorld.current.record(.analyticsSession)
  }

  public func track(_ event: AnalyticsEvent) {
    OutsideWorld.current.record(.analyticsEvent(event))
  }
}
