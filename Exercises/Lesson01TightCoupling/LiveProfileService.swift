/// The profile API client the app ships: it sends real requests.
///
/// In this kata the requests go to `Internet.current`, a stand-in for the real network
/// that answers from a list of profiles and writes down every request it receives.
public final class LiveProfileService: ProfileService {
  private let host: String

  /// Creates a client for the API at `host`.
  ///
  /// - Parameter host: The API's host name, for example `"api.example.com"`.
  public init(host: String) {
    self.host = host
  }

  /// Sends `GET https://<host>/users/<id>` and returns the profile in the answer.
  ///
  /// - Parameter id: The user's id.
  /// - Returns: The user's profile.
  /// - Throws: An `InternetError` when no server answers or it knows no such user.
  public func fetchProfile(id: String) async throws -> UserProfile {
    try Internet.current.fetchProfile(host: host, id: id)
  }

  /// Sends `POST https://<host>/users/<userID>/followers`.
  ///
  /// - Parameter userID: The id of the user to follow.
  /// - Throws: An `InternetError` when no server answers or it knows no such user.
  public func follow(userID: String) async throws {
    try Internet.current.follow(host: host, id: userID)
  }
}
