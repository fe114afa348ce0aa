import Synchronization

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

/// The production tracker: queues events for upload to the analytics service.
///
/// In this kata nothing is uploaded; the events wait in an in-memory outbox.
public final class LiveAnalytics: AnalyticsTracker {
  private let outbox = Mutex<[AnalyticsEvent]>([])

  /// Creates a tracker with an empty outbox.
  public init() {}

  public func track(_ event: AnalyticsEvent) {
    outbox.withLock { $0.append(event) }
  }
}
