// Variant: the composition root builds the live service and tracker once, on its first
// call, and keeps them in globals "so the app has one client". Wrong: the configuration
// of every later call is ignored. Caught by Task 5's test with two configurations side
// by side.

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
/// The live objects, built on first use and kept.
@MainActor
enum SharedLiveObjects {
  private static var objects: (service: LiveProfileService, analytics: LiveAnalyticsTracker)?

  static func get(
    _ configuration: AppConfiguration
  ) -> (service: LiveProfileService, analytics: LiveAnalyticsTracker) {
    if let objects { return objects }
    let made = (
      service: LiveProfileService(host: configuration.apiHost),
      analytics: LiveAnalyticsTracker(apiKey: configuration.analyticsKey)
    )
    objects = made
    return made
  }
}

@MainActor
public func makeLiveProfileViewModel(configuration: AppConfiguration) -> ProfileViewModel {
  let shared = SharedLiveObjects.get(configuration)
  return ProfileViewModel(service: shared.service, analytics: shared.analytics, now: Date.init)
}
