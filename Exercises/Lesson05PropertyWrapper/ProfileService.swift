import Foundation

/// A user's public profile.
public struct Profile: Equatable, Sendable {
  /// The user's identifier.
  public var id: String
  /// The name shown on the profile screen.
  public var displayName: String

  /// Creates a profile.
  public init(id: String, displayName: String) {
    self.id = id
    self.displayName = displayName
  }
}

/// Fetches profiles from the backend.
public protocol ProfileService: Sendable {
  /// Fetches the profile of the user with this identifier.
  ///
  /// - Throws: When the profile cannot be fetched.
  func profile(id: String) async throws -> Profile
}

/// Why the live profile service could not answer.
public enum ProfileServiceError: Error, Equatable, CustomStringConvertible {
  /// There is no connection to the backend.
  case offline

  public var description: String {
    switch self {
    case .offline: "The profile service is offline."
    }
  }
}

/// The profile service the app ships with.
///
/// The kata has no network, so it reports that it is offline; tests register a fake.
public struct LiveProfileService: ProfileService {
  /// Creates the live service.
  public init() {}

  public func profile(id: String) async throws -> Profile {
    throw ProfileServiceError.offline
  }
}
