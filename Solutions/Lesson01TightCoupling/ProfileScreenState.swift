/// What the profile screen shows.
public enum ProfileScreenState: Equatable, Sendable {
  /// Nothing was asked for yet.
  case idle
  /// A profile is on its way.
  case loading
  /// The profile arrived.
  case loaded(UserProfile)
  /// The profile could not be loaded; the message is for the user.
  case failed(String)
}
