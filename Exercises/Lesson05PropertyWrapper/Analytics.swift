import Foundation
import Synchronization

/// Records what the user did, for the product team.
public protocol Analytics: Sendable {
  /// Records one event, such as `"profile_shown"`.
  func track(_ event: String)
}

/// The analytics the app ships with: it queues events for the next upload.
///
/// The upload itself is left out of the kata, which has no network.
public final class LiveAnalytics: Analytics {
  private let queued = Mutex<[String]>([])

  /// Creates analytics with an empty queue.
  public init() {}

  public func track(_ event: String) {
    queued.withLock { $0.append(event) }
  }
}
