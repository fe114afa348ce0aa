// Variant: load() keeps the first profile it got and shows it again on every later load,
// "to save a request". Wrong: loading another user still shows the first one. Caught by
// Task 1's "Loading again asks the service again" test.

import Foundation

/// The profile screen's view model: loads a user, says when they were last active, and
/// lets the signed-in user follow them.
///
/// It builds none of its collaborators. The API client, the analytics tracker and the
/// clock arrive through the initializer (constructor injection), each behind a seam: a
/// protocol for the two services, a closure for the clock. The composition root,
/// `makeLiveProfileViewModel(configuration:)`, hands it the live objects; a test hands
/// it fakes.
///
/// ```swift
/// let viewModel = ProfileViewModel(
///   service: LiveProfileService(host: "api.example.com"),
///   analytics: LiveAnalyticsTracker(apiKey: "live-4f2a9c"),
///   now: Date.init
/// )
/// await viewModel.load(userID: "ada")
/// ```
///
/// Source: the "Control Freak" anti-pattern and constructor injection, as named in
/// Mark Seemann and Steven van Deursen, "Dependency Injection Principles, Practices, and
/// Patterns" (Manning, 2019), chapters 4 and 5.
@MainActor
public final class ProfileViewModel {
  /// What the screen shows.
  public private(set) var state: ProfileScreenState = .idle
  /// Whether the signed-in user follows the person shown.
  public private(set) var isFollowing = false

  private let service: any ProfileService
  private var cached: UserProfile?
  private let analytics: any AnalyticsTracker
  private let now: @Sendable () -> Date

  /// Creates a view model that uses exactly the collaborators it is given.
  ///
  /// - Parameters:
  ///   - service: The profile API to load from and follow through.
  ///   - analytics: The tracker to report what the user did to.
  ///   - now: The clock: returns the current time each time it is called.
  public init(
    service: any ProfileService,
    analytics: any AnalyticsTracker,
    now: @escaping @Sendable () -> Date
  ) {
    self.service = service
    self.analytics = analytics
    self.now = now
  }

  /// "Active now", "Active 5 min ago", "Active 2 h ago" or "Active 3 d ago", once a
  /// profile is loaded; `nil` before.
  public var activityText: String? {
    guard case .loaded(let profile) = state else { return nil }
    return Self.describeActivity(since: profile.lastActiveAt, now: now())
  }

  /// Loads the user with id `userID` and reports the outcome to analytics.
  ///
  /// - Parameter userID: The id of the user to show.
  public func load(userID: String) async {
    state = .loading
    isFollowing = false
    if let cached {
      state = .loaded(cached)
      analytics.track(.profileViewed(userID: userID))
      return
    }
    do {
      let profile = try await service.fetchProfile(id: userID)
      cached = profile
      state = .loaded(profile)
      analytics.track(.profileViewed(userID: userID))
    } catch {
      state = .failed("We could not load this profile. Please try again.")
      analytics.track(.profileLoadFailed(userID: userID))
    }
  }

  /// Follows the person shown. Does nothing before a profile is loaded, or when the
  /// signed-in user follows them already; on failure `isFollowing` stays `false`.
  public func follow() async {
    guard case .loaded(let profile) = state, !isFollowing else { return }
    do {
      try await service.follow(userID: profile.id)
      isFollowing = true
      analytics.track(.profileFollowed(userID: profile.id))
    } catch {
      isFollowing = false
    }
  }

  private static func describeActivity(since lastActive: Date, now: Date) -> String {
    let seconds = max(0, now.timeIntervalSince(lastActive))
    switch seconds {
    case ..<60: return "Active now"
    case ..<3_600: return "Active \(Int(seconds / 60)) min ago"
    case ..<86_400: return "Active \(Int(seconds / 3_600)) h ago"
    default: return "Active \(Int(seconds / 86_400)) d ago"
    }
  }
}
