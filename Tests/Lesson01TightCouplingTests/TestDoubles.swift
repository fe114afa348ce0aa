import Foundation
import Lesson01TightCoupling
import Synchronization
import Testing

// The fakes, spies and clock these tests hand to `makeProfileViewModel`. Hand-written on
// purpose: each is a few lines, and each writes down what it was asked.

/// A fake API: answers with the profiles it was given, and writes down every call.
final class FakeProfileService: ProfileService {
  private let profiles: [String: UserProfile]
  private let calls = Mutex(Calls())

  private struct Calls {
    var fetched: [String] = []
    var followed: [String] = []
  }

  /// The error the fake throws for a user it does not know.
  struct UnknownUser: Error, Equatable {
    var id: String
  }

  init(_ profiles: [UserProfile]) {
    self.profiles = Dictionary(profiles.map { ($0.id, $0) }) { first, _ in first }
  }

  /// The ids `fetchProfile(id:)` was called with, in order.
  var fetchedIDs: [String] { calls.withLock { $0.fetched } }
  /// The ids `follow(userID:)` was called with, in order.
  var followedIDs: [String] { calls.withLock { $0.followed } }

  func fetchProfile(id: String) async throws -> UserProfile {
    calls.withLock { $0.fetched.append(id) }
    guard let profile = profiles[id] else { throw UnknownUser(id: id) }
    return profile
  }

  func follow(userID: String) async throws {
    calls.withLock { $0.followed.append(userID) }
    guard profiles[userID] != nil else { throw UnknownUser(id: userID) }
  }
}

/// A spy tracker: sends nothing anywhere, writes every event down.
final class AnalyticsSpy: AnalyticsTracker {
  private let recorded = Mutex<[AnalyticsEvent]>([])

  /// The events tracked so far, oldest first.
  var events: [AnalyticsEvent] { recorded.withLock { $0 } }

  func track(_ event: AnalyticsEvent) {
    recorded.withLock { $0.append(event) }
  }
}

/// A clock the test sets and moves by hand.
final class TestClock: Sendable {
  private let current: Mutex<Date>

  init(_ start: Date) {
    current = Mutex(start)
  }

  /// The time the clock shows.
  var now: Date { current.withLock { $0 } }

  /// Moves the clock forward.
  func advance(by interval: TimeInterval) {
    current.withLock { $0 += interval }
  }

  /// The clock as the closure `makeProfileViewModel` takes.
  var reading: @Sendable () -> Date {
    { [self] in now }
  }
}

/// Test data.
enum Sample {
  /// 14 March 2025, 09:00 UTC: far from today, so a view model that reads the real clock
  /// instead of the test's shows a very different text.
  static let morning = Date(timeIntervalSince1970: 1_741_942_800)

  static func grace(lastActiveAt: Date = morning - 2 * 3_600) -> UserProfile {
    UserProfile(id: "grace", name: "Grace Hopper", lastActiveAt: lastActiveAt)
  }

  static func alan(lastActiveAt: Date = morning - 5 * 60) -> UserProfile {
    UserProfile(id: "alan", name: "Alan Turing", lastActiveAt: lastActiveAt)
  }
}

/// The pieces of one test: a fake API, an analytics spy, a clock, and the view model
/// built from them by the learner's `makeProfileViewModel`.
@MainActor
struct Screen {
  let service: FakeProfileService
  let analytics = AnalyticsSpy()
  let clock: TestClock
  let viewModel: ProfileViewModel

  init(_ profiles: UserProfile..., now: Date = Sample.morning) {
    service = FakeProfileService(profiles)
    clock = TestClock(now)
    viewModel = makeProfileViewModel(service: service, analytics: analytics, now: clock.reading)
  }
}

/// A text as a message shows it: in quotes, or `nil`.
func quoted(_ text: String?) -> String {
  text.map { "\"\($0)\"" } ?? "nil"
}

/// Lines that list what reached the internet, for failure messages.
func listing(_ traffic: [Traffic]) -> String {
  guard !traffic.isEmpty else { return "  (nothing)" }
  return traffic.map { "  • \($0)" }.joined(separator: "\n")
}

extension Traffic {
  /// The analytics key this went out under, or `nil` for an API request.
  var analyticsKey: String? {
    switch self {
    case .request: nil
    case .analyticsSession(let apiKey), .analyticsEvent(_, let apiKey): apiKey
    }
  }
}

/// Gives each test an empty `Internet` of its own, so whatever a live object sends
/// during the test is written down where only that test looks, and tests running in
/// parallel never share it.
struct FreshInternet: SuiteTrait, TestTrait, TestScoping {
  var isRecursive: Bool { true }

  func provideScope(
    for test: Test,
    testCase: Test.Case?,
    performing function: @Sendable () async throws -> Void
  ) async throws {
    try await Internet.$current.withValue(Internet()) {
      try await function()
    }
  }
}

extension Trait where Self == FreshInternet {
  /// Each test gets an empty `Internet` of its own.
  static var freshInternet: Self { Self() }
}
