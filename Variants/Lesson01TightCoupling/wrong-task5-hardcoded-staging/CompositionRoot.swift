// Variant: the composition root wires the staging host and key the tests use, not the
// configuration it is given. Wrong: every build talks to staging. Caught by Task 5's
// tests, which use two different configurations.

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
  ProfileViewModel(
    service: LiveProfileService(host: "api.staging.test"),
    analytics: LiveAnalyticsTracker(apiKey: "staging-91bd"),
    now: Date.init
  )
}
