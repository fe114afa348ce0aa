// Variant: the view model is split into two injected collaborators: a `ProfileLoader`
// (the service and the tracker, with the reporting rules) and an `ActivityClock` (the
// clock and the wording). The view model keeps only the screen's state. Right: every
// volatile collaborator still comes from outside, per instance.

import Foundation

/// Loads and follows profiles through the injected service and reports to the tracker.
public struct ProfileLoader: Sendable {
  let service: any ProfileService
  let analytics: any AnalyticsTracker

  /// Creates a loader from the two collaborators.
  public init(service: any ProfileService, analytics: any AnalyticsTracker) {
    self.service = service
    self.analytics = analytics
  }

  func load(_ userID: String) async -> ProfileScreenState {
    do {
      let profile = try await service.fetchProfile(id: userID)
      analytics.track(.profileViewed(userID: userID))
      return .loaded(profile)
    } catch {
      analytics.track(.profileLoadFailed(userID: userID))
      return .failed("We could not load this profile. Please try again.")
    }
  }

  func follow(_ userID: String) async -> Bool {
    guard (try? await service.follow(userID: userID)) != nil else { return false }
    analytics.track(.profileFollowed(userID: userID))
    return true
  }
}

/// Says how long ago something happened, by the injected clock.
public struct ActivityClock: Sendable {
  let now: @Sendable () -> Date

  /// Creates a clock-backed formatter.
  public init(now: @escaping @Sendable () -> Date) {
    self.now = now
  }

  func text(since lastActive: Date) -> String {
    let seconds = max(0, now().timeIntervalSince(lastActive))
    switch seconds {
    case ..<60: return "Active now"
    case ..<3_600: return "Active \(Int(seconds / 60)) min ago"
    case ..<86_400: return "Active \(Int(seconds / 3_600)) h ago"
    default: return "Active \(Int(seconds / 86_400)) d ago"
    }
  }
}

/// The profile screen's view model: the screen's state, nothing volatile of its own.
@MainActor
public final class ProfileViewModel {
  /// What the screen shows.
  public private(set) var state: ProfileScreenState = .idle
  /// Whether the signed-in user follows the person shown.
  public private(set) var isFollowing = false

  private let loader: ProfileLoader
  private let clock: ActivityClock

  /// Creates a view model from its two collaborators.
  public init(loader: ProfileLoader, clock: ActivityClock) {
    self.loader = loader
    self.clock = clock
  }

  /// The activity text once a profile is loaded; `nil` before.
  public var activityText: String? {
    guard case .loaded(let profile) = state else { return nil }
    return clock.text(since: profile.lastActiveAt)
  }

  /// Loads the user with id `userID`.
  public func load(userID: String) async {
    state = .loading
    isFollowing = false
    state = await loader.load(userID)
  }

  /// Follows the person shown, once.
  public func follow() async {
    guard case .loaded(let profile) = state, !isFollowing else { return }
    isFollowing = await loader.follow(profile.id)
  }
}
