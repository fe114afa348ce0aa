// Variant: the composition root gives the live objects an app-wide lifetime: one API
// client and one tracker per configuration, built on first use and kept. Right: each
// configuration gets its own live objects, and deciding how long they live is the
// composition root's job (the Singleton lifestyle).

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
  let live = LiveObjects.shared(for: configuration)
  return ProfileViewModel(service: live.service, analytics: live.analytics, now: Date.init)
}

/// The live objects of one configuration, kept for the app's lifetime.
struct LiveObjects: Sendable {
  let service: LiveProfileService
  let analytics: LiveAnalyticsTracker

  private static let kept = Mutex<[String: LiveObjects]>([:])

  /// The live objects for `configuration`, built the first time it is asked for.
  static func shared(for configuration: AppConfiguration) -> LiveObjects {
    let key = "\(configuration.apiHost)|\(configuration.analyticsKey)"
    return kept.withLock { objects in
      if let found = objects[key] { return found }
      let made = LiveObjects(
        service: LiveProfileService(host: configuration.apiHost),
        analytics: LiveAnalyticsTracker(apiKey: configuration.analyticsKey)
      )
      objects[key] = made
      return made
    }
  }
}
