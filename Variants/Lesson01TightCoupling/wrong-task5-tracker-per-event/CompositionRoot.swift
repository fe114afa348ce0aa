// Variant: the composition root hands the view model a tracker that builds a new
// LiveAnalyticsTracker for every event ("always a fresh client"). Wrong: each event
// opens another session with the vendor. Caught by Task 5's repeated-use test, which
// counts the sessions after several events.

import Foundation

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
/// Builds a live tracker for each event.
struct FreshTrackerPerEvent: AnalyticsTracker {
  let apiKey: String

  func track(_ event: AnalyticsEvent) {
    LiveAnalyticsTracker(apiKey: apiKey).track(event)
  }
}

@MainActor
public func makeLiveProfileViewModel(configuration: AppConfiguration) -> ProfileViewModel {
  ProfileViewModel(
    service: LiveProfileService(host: configuration.apiHost),
    analytics: FreshTrackerPerEvent(apiKey: configuration.analyticsKey),
    now: Date.init
  )
}
