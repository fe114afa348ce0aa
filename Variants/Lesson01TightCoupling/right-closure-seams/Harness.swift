// Variant: see ProfileViewModel.swift; the harness adapts objects into closures.

import Foundation

/// Builds the view model the tests check, from the collaborators a test hands in.
///
/// The tests build `ProfileViewModel` only through this function. Keep its signature;
/// behind it, shape `ProfileViewModel` as you like (separate parameters, a struct of
/// dependencies, closures). A test passes a fake service, an analytics spy and a clock
/// it controls, and expects the view model to use exactly those.
///
/// - Parameters:
///   - service: The profile API the view model must use.
///   - analytics: The tracker the view model must report to.
///   - now: The clock the view model must read: it returns the current time.
/// - Returns: A view model wired to `service`, `analytics` and `now`.
@MainActor
public func makeProfileViewModel(
  service: any ProfileService,
  analytics: any AnalyticsTracker,
  now: @escaping @Sendable () -> Date
) -> ProfileViewModel {
  ProfileViewModel(
    fetchProfile: { try await service.fetchProfile(id: $0) },
    followUser: { try await service.follow(userID: $0) },
    track: { analytics.track($0) },
    now: now
  )
}
