import Foundation

/// The profile screen: loads a user's profile, shows it, and reports what it showed.
@MainActor
public final class ProfileScreen {
  /// What the screen shows.
  public enum State: Equatable, Sendable {
    /// Nothing requested yet.
    case idle
    /// The profile arrived.
    case loaded(Profile)
    /// The profile could not be fetched; the text says why.
    case failed(String)
  }

  /// What the screen shows now.
  public private(set) var state = State.idle

  private let userID: String
  // TODO: Task 1 — the screen must use the services registered in the container, like the
  // other screens and coordinators do, not build its own.
  private let profiles: any ProfileService = LiveProfileService()
  private let analytics: any Analytics = LiveAnalytics()

  /// Creates the screen for one user.
  ///
  /// - Parameter userID: The user whose profile the screen shows.
  public init(userID: String) {
    self.userID = userID
  }

  /// Fetches the profile and reports `profile_shown` or `profile_failed`.
  public func load() async {
    do {
      state = .loaded(try await profiles.profile(id: userID))
      analytics.track("profile_shown")
    } catch {
      state = .failed(String(describing: error))
      analytics.track("profile_failed")
    }
  }
}
