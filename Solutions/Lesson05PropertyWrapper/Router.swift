import Foundation

/// A place in the app the user can be taken to.
public enum Destination: Equatable, Sendable {
  /// The signed-in user's profile.
  case profile
  /// The account settings.
  case settings
}

/// Shows destinations; in an iOS app it pushes view controllers or sets a navigation path.
public protocol Router: Sendable {
  /// Takes the user to `destination`.
  func show(_ destination: Destination)
}

/// The router the app ships with.
///
/// The kata has no user interface, so showing a destination does nothing.
public struct LiveRouter: Router {
  /// Creates the live router.
  public init() {}

  public func show(_ destination: Destination) {}
}
