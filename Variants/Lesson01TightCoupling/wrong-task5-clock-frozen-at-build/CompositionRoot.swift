// Variant: the composition root reads the real time once and hands the view model a
// clock that always returns it. Wrong: the live screen's text never moves on. No test
// can wait for real time to pass, so the tests cannot see it; the lesson text says so.

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
@MainActor
public func makeLiveProfileViewModel(configuration: AppConfiguration) -> ProfileViewModel {
  let builtAt = Date()
  return ProfileViewModel(
    service: LiveProfileService(host: configuration.apiHost),
    analytics: LiveAnalyticsTracker(apiKey: configuration.analyticsKey),
    now: { builtAt }
  )
}
