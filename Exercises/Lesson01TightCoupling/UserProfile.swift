import Foundation

/// A person as the profile screen shows them.
public struct UserProfile: Equatable, Sendable {
  /// The user's id, as the API knows it (for example `"ada"`).
  public var id: String
  /// The name shown at the top of the screen.
  public var name: String
  /// When the user was last seen in the app.
  public var lastActiveAt: Date

  /// Creates a profile.
  ///
  /// - Parameters:
  ///   - id: The user's id, as the API knows it.
  ///   - name: The name shown at the top of the screen.
  ///   - lastActiveAt: When the user was last seen in the app.
  public init(id: String, name: String, lastActiveAt: Date) {
    self.id = id
    self.name = name
    self.lastActiveAt = lastActiveAt
  }
}
