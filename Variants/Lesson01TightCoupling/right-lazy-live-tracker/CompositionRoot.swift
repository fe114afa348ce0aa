// Variant: the composition root defers the analytics session: it hands the view model a
// tracker that builds the one LiveAnalyticsTracker on the first event and keeps it.
// Right: still one tracker per screen, built from the configuration; the tests allow a
// session that opens late, or not at all before the first event.

import Foundation
import Synchronization

/// The composition root: the one place that picks the live objects and wires the
/// profile screen from them.
///
/// The app calls this when it shows the profile screen, with the configuration of the
/// build (production, staging, a demo). Only here do the names `LiveProfileService`,
/// `LiveAnalyticsTracker` and `Date.init` meet `ProfileViewModel`.
///
/// - Parameter configuration: Which API host and analytics key the live objects use.
/// - Returns: A view model wired to the live API, the live tracker and the real clock.
///
/// Source: the Composition Root pattern, as named in Mark Seemann and Steven van
/// Deursen, "Dependency Injection Principles, Practices, and Patterns" (Manning, 2019),
/// chapter 4.
@MainActor
public func makeLiveProfileViewModel(configuration: AppConfiguration) -> ProfileViewModel {
  ProfileViewModel(
    service: LiveProfileService(host: configuration.apiHost),
    analytics: LazyLiveTracker(apiKey: configuration.analyticsKey),
    now: Date.init
  )
}

/// A live tracker that opens its session with the vendor only when the first event comes.
final class LazyLiveTracker: AnalyticsTracker {
  private let apiKey: String
  private let tracker = Mutex<LiveAnalyticsTracker?>(nil)

  init(apiKey: String) {
    self.apiKey = apiKey
  }

  func track(_ event: AnalyticsEvent) {
    let live = tracker.withLock { stored in
      if let stored { return stored }
      let made = LiveAnalyticsTracker(apiKey: apiKey)
      stored = made
      return made
    }
    live.track(event)
  }
}
