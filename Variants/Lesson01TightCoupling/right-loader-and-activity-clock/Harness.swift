// Variant: see ProfileViewModel.swift; the harness builds the loader and the clock.

import Foundation

/// Builds the view model the tests check, from the collaborators a test hands in.
@MainActor
public func makeProfileViewModel(
  service: any ProfileService,
  analytics: any AnalyticsTracker,
  now: @escaping @Sendable () -> Date
) -> ProfileViewModel {
  ProfileViewModel(
    loader: ProfileLoader(service: service, analytics: analytics),
    clock: ActivityClock(now: now)
  )
}
