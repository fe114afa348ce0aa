import Foundation
import Lesson01TightCoupling
import Synchronization
import Testing

// The fakes, spies and clock these tests hand to `makeProfileViewModel`. Hand-written on
// purpose: each is a few lines, and each writes down what it was asked.

/// A fake API: answers with the profiles it was given, and writes down every call.
///
/// It fails in two distinct ways: with `UnknownUser` for an id it does not know, and, for
/// every call while `isDown` is set, with the error the kata's internet throws when no server
/// answers (`InternetError`): a view model that treats a network error as a reason to try a
/// live service shows up in the guard. `refusesFollows` makes it refuse every follow, with
/// `FollowRefused` or, while `followsFailOffline` is set, with that network error.
/// `fetchError` and `followError` make it throw any other error a real service might: a
/// `URLError`, or an error with a text of its own (`WordedFailure`).
final class FakeProfileService: ProfileService {
  private let profiles: [String: UserProfile]
  private let calls = Mutex(Calls())

  private struct Calls {
    var fetched: [String] = []
    var followed: [String] = []
    var isDown = false
    var refusesFollows = false
    var followsFailOffline = false
    var fetchError: (any Error)?
    var followError: (any Error)?
  }

  /// The error the fake throws for a user it does not know.
  struct UnknownUser: Error, Equatable {
    var id: String
  }

  /// The error the fake throws while it is down: what the kata's internet throws when no
  /// server answers.
  static let outage = InternetError.unknownHost("api.fake.test")

  /// The error the fake throws when it refuses a follow.
  struct FollowRefused: Error, Equatable {
    var id: String
  }

  init(_ profiles: [UserProfile]) {
    self.profiles = Dictionary(profiles.map { ($0.id, $0) }) { first, _ in first }
  }

  /// The ids `fetchProfile(id:)` was called with, in order.
  var fetchedIDs: [String] { calls.withLock { $0.fetched } }
  /// The ids `follow(userID:)` was called with, in order.
  var followedIDs: [String] { calls.withLock { $0.followed } }

  /// While `true`, every call throws `FakeProfileService.outage`, a network error.
  var isDown: Bool {
    get { calls.withLock { $0.isDown } }
    set { calls.withLock { $0.isDown = newValue } }
  }

  /// While `true`, every follow throws `FollowRefused` (or, with `followsFailOffline`, the
  /// network error).
  var refusesFollows: Bool {
    get { calls.withLock { $0.refusesFollows } }
    set { calls.withLock { $0.refusesFollows = newValue } }
  }

  /// Whether a refused follow fails as the network does, rather than as a refusal.
  var followsFailOffline: Bool {
    get { calls.withLock { $0.followsFailOffline } }
    set { calls.withLock { $0.followsFailOffline = newValue } }
  }

  /// While set, every fetch throws this error (unless the fake is down).
  var fetchError: (any Error)? {
    get { calls.withLock { $0.fetchError } }
    set { calls.withLock { $0.fetchError = newValue } }
  }

  /// While set, every follow throws this error (unless the fake is down).
  var followError: (any Error)? {
    get { calls.withLock { $0.followError } }
    set { calls.withLock { $0.followError = newValue } }
  }

  func fetchProfile(id: String) async throws -> UserProfile {
    let (isDown, fetchError) = calls.withLock {
      $0.fetched.append(id)
      return ($0.isDown, $0.fetchError)
    }
    if isDown { throw Self.outage }
    if let fetchError { throw fetchError }
    guard let profile = profiles[id] else { throw UnknownUser(id: id) }
    return profile
  }

  func follow(userID: String) async throws {
    let (isDown, refuses, offline, followError) = calls.withLock {
      $0.followed.append(userID)
      return ($0.isDown, $0.refusesFollows, $0.followsFailOffline, $0.followError)
    }
    if isDown || (refuses && offline) { throw Self.outage }
    if let followError { throw followError }
    if refuses { throw FollowRefused(id: userID) }
    guard profiles[userID] != nil else { throw UnknownUser(id: userID) }
  }
}

/// One way a load can fail, for tests that need distinct failures.
struct LoadFailure: Sendable, CustomTestStringConvertible {
  /// The id that is loaded.
  let userID: String
  /// Whether the fake is down (an outage, a network error) rather than not knowing the user.
  let serviceDown: Bool
  /// The `URLError` every fetch throws, for a user the fake knows; `nil` for none.
  var networkError: URLError.Code? = nil

  /// The fake knows no such user.
  static let unknownUser = LoadFailure(userID: "nobody", serviceDown: false)
  /// The fake is down, and the user exists.
  static let outage = LoadFailure(userID: "grace", serviceDown: true)
  /// The fake knows the user, but every fetch fails with a `URLError`: no connection.
  static let offline = LoadFailure(
    userID: "alan", serviceDown: false, networkError: .notConnectedToInternet)

  var testDescription: String {
    if let networkError { return "\(userID), URLError \(networkError.rawValue)" }
    return serviceDown ? "\(userID), service down" : "\(userID), unknown user"
  }

  /// Makes `service` fail this way, from now on.
  func breakDown(_ service: FakeProfileService) {
    service.isDown = serviceDown
    service.fetchError = networkError.map { URLError($0) }
  }

  /// Makes `service` answer again.
  func mend(_ service: FakeProfileService) {
    service.isDown = false
    service.fetchError = nil
  }

  /// A screen whose load of `userID` fails this way.
  @MainActor
  func screen() -> Screen {
    let screen = Screen(Sample.grace(), Sample.alan())
    breakDown(screen.service)
    return screen
  }
}

/// An error with a text of its own, worded as a server or a library words it: what the
/// error says about itself (`localizedDescription`, `description`) is that text.
struct WordedFailure: LocalizedError, CustomStringConvertible, CustomTestStringConvertible {
  /// The error's own text.
  let text: String

  var errorDescription: String? { text }
  var description: String { text }
  var testDescription: String { text }
}

/// A `URLError` the fake throws, with the user it is thrown for.
struct NetworkFailure: Sendable, CustomTestStringConvertible {
  let userID: String
  let code: URLError.Code

  var error: URLError { URLError(code) }
  var testDescription: String { "\(userID), URLError \(code.rawValue)" }

  /// No connection at all.
  static let offline = NetworkFailure(userID: "grace", code: .notConnectedToInternet)
  /// The server took too long.
  static let timedOut = NetworkFailure(userID: "alan", code: .timedOut)
}

/// What stayed alive once a view model was let go, and what its fake was asked before.
struct Leftovers {
  /// The ids the fake was asked to fetch.
  let fetched: [String]
  /// The ids the fake was asked to follow.
  let followed: [String]
  /// "the service", "the tracker", both joined by "and", or empty when nothing stayed.
  let alive: String
}

/// Builds a view model from a fake service (knowing Grace and Alan) and a spy, set up by
/// `prepare`, runs `visit` on it, lets it go, and says what stayed alive: nothing should.
@MainActor
func leftovers(
  prepare: (FakeProfileService) -> Void = { _ in },
  after visit: (ProfileViewModel) async -> Void
) async -> Leftovers {
  weak var service: FakeProfileService?
  weak var analytics: AnalyticsSpy?
  var fetched: [String] = []
  var followed: [String] = []
  do {
    let madeService = FakeProfileService([Sample.grace(), Sample.alan()])
    let madeAnalytics = AnalyticsSpy()
    prepare(madeService)
    service = madeService
    analytics = madeAnalytics
    let viewModel = makeProfileViewModel(
      service: madeService, analytics: madeAnalytics, now: { Sample.morning })
    await visit(viewModel)
    // Work the view model left waiting (a task it started) runs before it is let go, as it
    // would in an app: what that work holds then counts too.
    await letWaitingWorkRun()
    fetched = madeService.fetchedIDs
    followed = madeService.followedIDs
  }
  let alive = [service.map { _ in "the service" }, analytics.map { _ in "the tracker" }]
    .compactMap { $0 }.joined(separator: " and ")
  return Leftovers(fetched: fetched, followed: followed, alive: alive)
}

/// Lets the main-actor work that is already waiting run, a few rounds over, before the test
/// goes on: a task the view model started, say, gets to its first wait.
///
/// Deterministic, no sleep: each round queues one more piece of main-actor work from outside
/// and waits for it, and the main actor runs its work in the order it was queued, so what
/// was waiting before has run by then.
@MainActor
func letWaitingWorkRun(rounds: Int = 3) async {
  for _ in 0..<rounds {
    await Task.detached { await MainActor.run {} }.value
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
  /// 2 November 2024, 18:30 UTC: a second clock reading, so no fixed time passes.
  static let evening = Date(timeIntervalSince1970: 1_730_572_200)
  /// 1 January 2100, 00:00 UTC: a clock reading ahead of the real clock, so a view model
  /// that checks the injected clock against `Date()` shows a different text.
  static let future = Date(timeIntervalSince1970: 4_102_444_800)

  static func grace(lastActiveAt: Date = morning - 2 * 3_600) -> UserProfile {
    UserProfile(id: "grace", name: "Grace Hopper", lastActiveAt: lastActiveAt)
  }

  static func alan(lastActiveAt: Date = morning - 5 * 60) -> UserProfile {
    UserProfile(id: "alan", name: "Alan Turing", lastActiveAt: lastActiveAt)
  }

  /// Grace's or Alan's profile, by id, with its default last activity.
  static func profile(_ id: String) -> UserProfile {
    id == "alan" ? alan() : grace()
  }
}

extension ProfileScreenState {
  /// Whether the screen shows an error, whatever its message.
  var isFailed: Bool {
    if case .failed = self { return true }
    return false
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
///
/// It is also the lesson's guard: after every test, failure paths and repeated loads
/// included, the test's own internet must still be empty. A test that needs live objects
/// (Task 5) binds an internet of its own inside, so even there nothing may reach this one.
/// Task 1 ignores analytics, which only Task 2 moves out of the view model.
struct FreshInternet: SuiteTrait, TestTrait, TestScoping {
  /// Whether analytics traffic is left to a later task.
  var ignoresAnalytics = false

  var isRecursive: Bool { true }

  func provideScope(
    for test: Test,
    testCase: Test.Case?,
    performing function: @Sendable () async throws -> Void
  ) async throws {
    let internet = Internet()
    do {
      try await Internet.$current.withValue(internet) {
        try await function()
      }
    } catch {
      check(internet)
      throw error
    }
    check(internet)
  }

  private func check(_ internet: Internet) {
    let leaked = internet.traffic.filter { !ignoresAnalytics || !$0.isAnalytics }
    guard !leaked.isEmpty else { return }
    // The guard: a test that hands in fakes must not reach a live object on any path.
    Issue.record(
      """
      Guard: no live object in a test. This test built the view model with fakes, yet \
      a live object reached the internet:
      \(listing(leaked))
      This is checked after every test, failed loads, second loads and follows included: \
      no path of the view model may build or fall back to a live object. The live objects \
      belong only to the composition root.
      """
    )
  }
}

extension Trait where Self == FreshInternet {
  /// Each test gets an empty `Internet` of its own, which must stay empty.
  static var freshInternet: Self { Self() }

  /// Like `freshInternet`, but analytics traffic is not checked (Task 1 comes before the
  /// tracker is injected).
  static var freshInternetIgnoringAnalytics: Self { Self(ignoresAnalytics: true) }
}
