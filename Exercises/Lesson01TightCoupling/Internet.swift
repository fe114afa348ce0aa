import Foundation
import Synchronization

// NB: You do not need to change this file, and your own code should not use it. Only the
// live objects (`LiveProfileService`, `LiveAnalyticsTracker`) talk to the internet.

/// A stand-in for the world outside the app: the profile API and the analytics vendor.
///
/// The kata has no real servers. The live objects send their requests to
/// `Internet.current`, whose profile API (at one host) answers from a list of profiles,
/// and which writes down everything it receives in `traffic`.
///
/// `current` is a task-local value, not a shared global: each test binds an `Internet`
/// of its own, so a test can prove that its view model never reached a live object, and
/// tests that run in parallel never see each other's traffic.
public final class Internet: Sendable {
  /// The internet the live objects talk to from the current task.
  @TaskLocal public static var current: Internet = Internet(
    apiHost: AppConfiguration.production.apiHost,
    profiles: [
      UserProfile(id: "ada", name: "Ada Lovelace", lastActiveAt: Date(timeIntervalSince1970: 0))
    ]
  )

  private let apiHost: String
  private let profiles: [String: UserProfile]
  private let log = Mutex<[Traffic]>([])

  /// Creates an internet whose profile API lives at `apiHost` and knows `profiles`.
  ///
  /// - Parameters:
  ///   - apiHost: The host that answers profile requests; requests to any other host
  ///     fail with `InternetError.unknownHost`.
  ///   - profiles: The profiles the API answers with, found by id.
  public init(
    apiHost: String = AppConfiguration.production.apiHost,
    profiles: [UserProfile] = []
  ) {
    self.apiHost = apiHost
    self.profiles = Dictionary(profiles.map { ($0.id, $0) }) { first, _ in first }
  }

  /// Everything that reached this internet, oldest first.
  public var traffic: [Traffic] {
    log.withLock { $0 }
  }

  func fetchProfile(host: String, id: String) throws -> UserProfile {
    let url = "https://\(host)/users/\(id)"
    record(.request(method: "GET", url: url))
    guard host == apiHost else { throw InternetError.unknownHost(host) }
    guard let profile = profiles[id] else { throw InternetError.notFound(url: url) }
    return profile
  }

  func follow(host: String, id: String) throws {
    record(.request(method: "POST", url: "https://\(host)/users/\(id)/followers"))
    guard host == apiHost else { throw InternetError.unknownHost(host) }
    guard profiles[id] != nil else {
      throw InternetError.notFound(url: "https://\(host)/users/\(id)/followers")
    }
  }

  func openAnalyticsSession(apiKey: String) {
    record(.analyticsSession(apiKey: apiKey))
  }

  func deliver(_ event: AnalyticsEvent, apiKey: String) {
    record(.analyticsEvent(event, apiKey: apiKey))
  }

  private func record(_ entry: Traffic) {
    log.withLock { $0.append(entry) }
  }
}

/// One thing that reached the `Internet`.
public enum Traffic: Equatable, Sendable, CustomStringConvertible {
  /// A request to the profile API, for example `GET https://api.example.com/users/ada`.
  case request(method: String, url: String)
  /// An analytics session opened with the vendor under an app key.
  case analyticsSession(apiKey: String)
  /// An analytics event delivered to the vendor under an app key.
  case analyticsEvent(AnalyticsEvent, apiKey: String)

  /// A line that says what was sent, for messages.
  public var description: String {
    switch self {
    case .request(let method, let url): "\(method) \(url)"
    case .analyticsSession(let apiKey): "analytics session opened (key \(apiKey))"
    case .analyticsEvent(let event, let apiKey): "analytics event \(event) (key \(apiKey))"
    }
  }

  /// Whether this went to the analytics vendor.
  public var isAnalytics: Bool {
    if case .request = self { return false }
    return true
  }
}

/// Why the `Internet` could not answer a request.
public enum InternetError: Error, Equatable, CustomStringConvertible {
  /// No server answers at this host.
  case unknownHost(String)
  /// The server knows no such resource.
  case notFound(url: String)

  /// The message a person reads.
  public var description: String {
    switch self {
    case .unknownHost(let host): "No server answers at \(host)."
    case .notFound(let url): "404 Not Found: \(url)"
    }
  }
}
