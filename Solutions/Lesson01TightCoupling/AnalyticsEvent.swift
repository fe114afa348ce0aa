/// Something the user did, as the analytics vendor receives it.
public struct AnalyticsEvent: Equatable, Sendable, CustomStringConvertible {
  /// The event's name, for example `"profile_viewed"`.
  public var name: String
  /// Extra facts about the event, for example `["user_id": "ada"]`.
  public var properties: [String: String]

  /// Creates an event.
  ///
  /// - Parameters:
  ///   - name: The event's name.
  ///   - properties: Extra facts about the event.
  public init(name: String, properties: [String: String] = [:]) {
    self.name = name
    self.properties = properties
  }

  /// The event's name and properties, for messages.
  public var description: String {
    let facts = properties.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
    return facts.isEmpty ? name : "\(name) [\(facts.joined(separator: ", "))]"
  }

  /// A profile was shown.
  ///
  /// - Parameter userID: The id of the user whose profile was shown.
  public static func profileViewed(userID: String) -> AnalyticsEvent {
    AnalyticsEvent(name: "profile_viewed", properties: ["user_id": userID])
  }

  /// A profile could not be loaded.
  ///
  /// - Parameter userID: The id of the user whose profile failed to load.
  public static func profileLoadFailed(userID: String) -> AnalyticsEvent {
    AnalyticsEvent(name: "profile_load_failed", properties: ["user_id": userID])
  }

  /// The user followed the person whose profile is shown.
  ///
  /// - Parameter userID: The id of the user who was followed.
  public static func profileFollowed(userID: String) -> AnalyticsEvent {
    AnalyticsEvent(name: "profile_followed", properties: ["user_id": userID])
  }
}
