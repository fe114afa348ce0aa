// Variant: see ProfileViewModel.swift; the composition root builds the loader and the
// clock from the live objects.

import Foundation

/// The composition root: the live objects, from the configuration.
@MainActor
public func makeLiveProfileViewModel(configuration: AppConfiguration) -> ProfileViewModel {
  ProfileViewModel(
    loader: ProfileLoader(
      service: LiveProfileService(host: configuration.apiHost),
      analytics: LiveAnalyticsTracker(apiKey: configuration.analyticsKey)
    ),
    clock: ActivityClock(now: { Date() })
  )
}
