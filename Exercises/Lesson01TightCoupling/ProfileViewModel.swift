import Foundation

/// The profile screen's view model: loads a user, says when they were last active, and
/// lets the signed-in user follow them.
///
/// It is a "Control Freak": it builds every collaborator it uses, by itself, for the
/// real servers only. A test of this class talks to the real API, sends real analytics
/// events, and depends on what time it is. Lesson 01 takes it apart.
@MainActor
public final class ProfileViewModel {
  /// What the screen shows.
  public private(set) var state: ProfileScreenState = .idle
  /// Whether the signed-in user follows the person shown.
  public private(set) var isFollowing = false

  // TODO: Task 1 — the view model picks its own API client here; a test cannot swap it.
  private let service = LiveProfileService(host: AppConfiguration.production.apiHost)
  // TODO: Task 2 — the view model builds the real tracker; every test sends real events.
  private let analytics = LiveAnalyticsTracker(
    apiKey: AppConfiguration.production.analyticsKey
  )

  init() {}

  /// "Active now", "Active 5 min ago", "Active 2 h ago" or "Active 3 d ago", once a
  /// profile is loaded; `nil` before.
  public var activityText: String? {
    guard case .loaded(let profile) = state else { return nil }
    // TODO: Task 3 — this reads the real clock, so a test cannot choose what time it is.
    let now = Date()
    return Self.describeActivity(since: profile.lastActiveAt, now: now)
  }

  /// Loads the user with id `userID` and reports the outcome to analytics.
  ///
  /// - Parameter userID: The id of the user to show.
  public func load(userID: String) async {
    state = .loading
    isFollowing = false
    do {
      let profile = try await service.fetchProfile(id: userID)
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
    // TODO: Task 4 — one more API client, built right here; it escapes any fix above.
    let service = LiveProfileService(host: AppConfiguration.production.apiHost)
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
