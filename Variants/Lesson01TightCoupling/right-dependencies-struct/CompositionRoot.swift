// Variant: see ProfileViewModel.swift.

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
  ProfileViewModel(dependencies: .live(configuration))
}

extension ProfileViewModel.Dependencies {
  /// The live objects for `configuration`; only the composition root calls this.
  static func live(_ configuration: AppConfiguration) -> Self {
    Self(
      service: LiveProfileService(host: configuration.apiHost),
      analytics: LiveAnalyticsTracker(apiKey: configuration.analyticsKey),
      now: { Date() }
    )
  }
}
