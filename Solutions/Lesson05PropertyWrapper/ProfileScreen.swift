import Foundation

/// The profile screen: loads a user's profile, shows it, and reports what it showed.
///
/// A screen is the outermost layer of the app, the one place where the course tolerates
/// `@Injected` in a codebase that has it: its collaborators come from the container
/// through the wrapper. View models and everything below take theirs through `init`.
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
  @Injected private var profiles: any ProfileService
  @Injected private var analytics: any Analytics

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
