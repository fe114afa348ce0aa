/// What the profile screen needs from the profile API: a seam.
///
/// The protocol is small on purpose. It holds only what the screen uses, so a fake for
/// a test is a few lines long. `LiveProfileService` is the implementation the app
/// ships; a test hands the view model a fake instead.
public protocol ProfileService: Sendable {
  /// Fetches one user's profile.
  ///
  /// - Parameter id: The user's id.
  /// - Returns: The user's profile.
  /// - Throws: An error when the profile cannot be loaded.
  func fetchProfile(id: String) async throws -> UserProfile

  /// Makes the signed-in user follow another user.
  ///
  /// - Parameter userID: The id of the user to follow.
  /// - Throws: An error when the server refuses or cannot be reached.
  func follow(userID: String) async throws
}
