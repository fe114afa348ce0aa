import Foundation
import Lesson02ConstructorInjection
import Synchronization
import Testing

// Hand-written test doubles for the accounts screen. No mocking library: each double is
// a small class that either answers (fake, stub) or remembers what it was told (spy).

// MARK: - Sample data

enum Sample {
  static let travel = Account(id: "trv-7", name: "Travel Fund", balanceInCents: 45_000)
  static let rent = Account(id: "rnt-2", name: "Rent", balanceInCents: 120_000)
  static let gifts = Account(id: "gft-9", name: "Gifts", balanceInCents: 3_500)
  /// An account with nothing in it: still an account the customer has.
  static let emptyWallet = Account(id: "wlt-3", name: "Old Wallet", balanceInCents: 0)
  /// A second account with the id of ``gifts``: the repository's answer, shown as it is.
  static let giftsAgain = Account(id: "gft-9", name: "Gifts for Mum", balanceInCents: 1_200)
}

/// The errors of the screen's own type, with the sentences the lesson suggests for the live
/// adapter, so that a view model that treats the live repository's errors differently
/// from the tests' own is seen.
enum ScreenError {
  static let offline = AccountsUnavailable(
    message: "You seem to be offline. Check your connection and try again.")
  static let unavailable = AccountsUnavailable(
    message: "Your accounts cannot be shown right now. Please try again in a few minutes.")
  /// Both, for `@Test(arguments:)`.
  static let both = [offline, unavailable]
}

/// The errors the fakes throw. Each message reads the same through `localizedDescription`
/// and through `String(describing:)`, so either way of showing it is accepted. Tests take
/// both, so a message pasted into the view model passes for one and fails for the other.
struct BankOutage: LocalizedError, CustomStringConvertible, Equatable {
  static let maintenance = BankOutage(message: "The bank is closed for maintenance until 6 a.m.")
  static let sessionExpired = BankOutage(message: "Your session expired. Sign in again.")
  /// Two failures with different messages, for `@Test(arguments:)`.
  static let both = [maintenance, sessionExpired]

  let message: String
  var errorDescription: String? { message }
  var description: String { message }
}

// MARK: - A shared, ordered log

/// What happened, in order, across several doubles; lets a test check the order of
/// analytics events relative to the request itself.
final class CallLog: Sendable {
  enum Entry: Equatable, CustomStringConvertible {
    case fetchedAccounts
    case tracked(AnalyticsEvent)
    /// An event that reached the spy tracker from work the load did not wait for.
    case trackedOutsideTheLoad(AnalyticsEvent)

    var description: String {
      switch self {
      case .fetchedAccounts: "repository.fetchAccounts()"
      case .tracked(let event): "analytics.track(.\(event))"
      case .trackedOutsideTheLoad(let event):
        "analytics.track(.\(event)) from a detached task or a queue"
      }
    }
  }

  private let entries = Mutex<[Entry]>([])

  func append(_ entry: Entry) { entries.withLock { $0.append(entry) } }
  var all: [Entry] { entries.withLock { $0 } }
}

// MARK: - Repositories

/// A fake repository that answers at once with a result the test sets, and counts calls.
final class FakeAccountsRepository: AccountsRepository {
  private struct State {
    var result: Result<[Account], any Error>
    var fetchCount = 0
  }
  private let state: Mutex<State>
  private let log: CallLog?

  init(_ result: Result<[Account], BankOutage>, log: CallLog? = nil) {
    state = Mutex(State(result: result.mapError { $0 as any Error }))
    self.log = log
  }

  /// A fake whose requests throw `error`, of any type.
  init(throwing error: any Error, log: CallLog? = nil) {
    state = Mutex(State(result: .failure(error)))
    self.log = log
  }

  /// How many times `fetchAccounts()` ran on this instance.
  var fetchCount: Int { state.withLock { $0.fetchCount } }

  /// Changes what the next calls answer.
  func answer(_ result: Result<[Account], BankOutage>) {
    state.withLock { $0.result = result.mapError { $0 as any Error } }
  }

  /// Makes the next calls throw `error`, of any type.
  func answer(throwing error: any Error) {
    state.withLock { $0.result = .failure(error) }
  }

  func fetchAccounts() async throws -> [Account] {
    log?.append(.fetchedAccounts)
    return try state.withLock { state in
      state.fetchCount += 1
      return try state.result.get()
    }
  }
}

/// A fake repository whose requests suspend until the test resumes them, so the test can
/// look at the screen while a request is in flight, without sleeping.
final class SuspendingAccountsRepository: AccountsRepository {
  private struct State {
    var pending: [CheckedContinuation<[Account], any Error>] = []
    var requestCount = 0
    var expectedRequests = 0
    var onRequest: [@Sendable () -> Void] = []
  }
  private let state = Mutex(State())

  /// How many times `fetchAccounts()` was called.
  var requestCount: Int { state.withLock { $0.requestCount } }

  /// Allows one more request; ``startLoading(_:through:)`` calls it once per load.
  func expectOneMoreRequest() {
    state.withLock { $0.expectedRequests += 1 }
  }

  /// Runs `action` each time a request arrives (and suspends).
  func whenRequested(_ action: @escaping @Sendable () -> Void) {
    state.withLock { $0.onRequest.append(action) }
  }

  /// Lets every suspended request return these accounts.
  func resume(returning accounts: [Account]) {
    for continuation in takePending() { continuation.resume(returning: accounts) }
  }

  /// Lets every suspended request throw this error.
  func resume(throwing error: any Error) {
    for continuation in takePending() { continuation.resume(throwing: error) }
  }

  /// Suspends an expected request; an unexpected one fails at once instead of waiting for
  /// an answer no test will give (which would hang the run).
  func fetchAccounts() async throws -> [Account] {
    let (count, expected) = state.withLock { state in
      state.requestCount += 1
      return (state.requestCount, state.expectedRequests)
    }
    if count > expected {
      Issue.record(
        """
        A second request was made: the repository was asked \(count) time(s) while the test \
        started \(expected) load(s). One load asks the repository once: no retry of a failed \
        request, no second fetch. (The extra request failed at once instead of waiting.)
        """
      )
      throw UnexpectedRequest()
    }
    return try await withCheckedThrowingContinuation { continuation in
      let observers = state.withLock { state in
        state.pending.append(continuation)
        return state.onRequest
      }
      for observer in observers { observer() }
    }
  }

  private func takePending() -> [CheckedContinuation<[Account], any Error>] {
    state.withLock { state in
      defer { state.pending = [] }
      return state.pending
    }
  }
}

/// What the suspending repository throws at a request no test asked for.
struct UnexpectedRequest: Error, CustomStringConvertible {
  var description: String { "a second request was made" }
}

// MARK: - Spies

/// A spy tracker: remembers every event, in order.
///
/// An event is tracked when it arrives from the test's own task, or from a task the test's
/// work started and so waits for (`Task { … }`, `async let`): those carry the test's
/// `OutsideWorld`. An event sent from a `Task.detached` or a dispatch queue carries none; it
/// may arrive before the test looks or after, so it is never counted as tracked, only as
/// ``strays``. Such a view model then fails every time, not only when the timing is
/// unlucky.
final class AnalyticsSpy: AnalyticsTracker {
  private let events = Mutex<(tracked: [AnalyticsEvent], strays: [AnalyticsEvent])>(([], []))
  private let log: CallLog?
  /// The world of the test that built this spy.
  private let home = OutsideWorld.current

  init(log: CallLog? = nil) { self.log = log }

  /// The events sent from the test's own work, in order.
  var tracked: [AnalyticsEvent] { events.withLock { $0.tracked } }

  /// The events sent from work that left the test's task, in order (those that arrived yet).
  var strays: [AnalyticsEvent] { events.withLock { $0.strays } }

  func track(_ event: AnalyticsEvent) {
    if OutsideWorld.current === home {
      events.withLock { $0.tracked.append(event) }
      log?.append(.tracked(event))
    } else {
      events.withLock { $0.strays.append(event) }
      log?.append(.trackedOutsideTheLoad(event))
    }
  }
}

/// A spy share channel: remembers every account it was asked to share.
final class ShareChannelSpy: ShareChannel {
  private let accounts = Mutex<[Account]>([])

  var shared: [Account] { accounts.withLock { $0 } }

  func share(_ account: Account) { accounts.withLock { $0.append(account) } }
}

/// A spy logger: remembers every message.
final class LoggerSpy: AccountsLogger {
  private let messages = Mutex<[String]>([])

  var logged: [String] { messages.withLock { $0 } }

  func log(_ message: String) { messages.withLock { $0.append(message) } }
}

// MARK: - Watching a load in flight

/// A yes/no answer that several racing sources may give; the first one wins.
final class FirstAnswer: Sendable {
  private struct State {
    var answer: Bool?
    var waiter: CheckedContinuation<Bool, Never>?
  }
  private let state = Mutex(State())

  func give(_ answer: Bool) {
    let waiter: CheckedContinuation<Bool, Never>? = state.withLock { state in
      guard state.answer == nil else { return nil }
      state.answer = answer
      defer { state.waiter = nil }
      return state.waiter
    }
    waiter?.resume(returning: answer)
  }

  func wait() async -> Bool {
    await withCheckedContinuation { continuation in
      let early: Bool? = state.withLock { state in
        if let answer = state.answer { return answer }
        state.waiter = continuation
        return nil
      }
      if let early { continuation.resume(returning: early) }
    }
  }
}

/// A load started by ``startLoading(_:through:)``.
struct LoadInFlight {
  /// The running `loadAccounts(on:)`; await its value after resuming the repository.
  let task: Task<Void, Never>
  /// Whether the request reached the suspending repository before the load ended.
  let reachedRepository: Bool
}

/// Starts `loadAccounts(on:)` and returns as soon as its request is suspended in `gate`.
///
/// It returns early, with `reachedRepository == false`, if the load ends without asking
/// the gate (the view model used another repository, or did not wait for its own load).
/// The time limit only bounds a broken solution; a working one never comes near it.
@MainActor
func startLoading(
  _ viewModel: AccountsViewModel,
  through gate: SuspendingAccountsRepository
) async -> LoadInFlight {
  let answer = FirstAnswer()
  gate.expectOneMoreRequest()
  gate.whenRequested { answer.give(true) }
  let task = Task { @MainActor in
    await loadAccounts(on: viewModel)
    answer.give(false)
  }
  let limit = Task {
    try? await Task.sleep(for: .seconds(5))
    answer.give(false)
  }
  let reached = await answer.wait()
  limit.cancel()
  return LoadInFlight(task: task, reachedRepository: reached)
}

extension LoadInFlight {
  /// Waits until the load ends, after the test let the repository answer.
  ///
  /// Records an issue and returns `false` if the load is still running after a few
  /// seconds (a load that waits for something else too); a working one ends at once.
  @MainActor
  func finish(sourceLocation: SourceLocation = #_sourceLocation) async -> Bool {
    let answer = FirstAnswer()
    let task = self.task
    Task { @MainActor in
      await task.value
      answer.give(true)
    }
    let limit = Task {
      try? await Task.sleep(for: .seconds(5))
      answer.give(false)
    }
    let ended = await answer.wait()
    limit.cancel()
    if !ended {
      Issue.record(
        """
        The repository answered, but loadAccounts(on:) had not returned seconds later. \
        A load ends when its one request ends: does it wait for something else, or ask again?
        """,
        sourceLocation: sourceLocation
      )
    }
    return ended
  }
}

// MARK: - How a collaborator is held

/// How an object sits among the stored properties reachable from a view model.
enum Holding: Equatable {
  /// In a stored property of its own type or protocol type: required, cannot be missing.
  case directly
  /// Inside an `Optional` (a `var x: P?`, a `weak var`, a `lazy var`): may be missing.
  case optionally
  /// Not visible to reflection, for example captured by a closure. Nothing to judge.
  case notVisible
}

/// Finds `target` among the stored properties of `root`, looking a few levels deep
/// (into structs such as a `Dependencies` bundle), and says how it is held.
func holding(of target: AnyObject, in root: Any) -> Holding {
  var visited = Set<ObjectIdentifier>()
  return search(for: target, in: root, depth: 0, visited: &visited)
}

private func search(
  for target: AnyObject,
  in value: Any,
  depth: Int,
  visited: inout Set<ObjectIdentifier>
) -> Holding {
  guard depth < 4 else { return .notVisible }
  var mirror: Mirror? = Mirror(reflecting: value)
  var found = Holding.notVisible
  while let current = mirror {
    for child in current.children {
      let childMirror = Mirror(reflecting: child.value)
      if childMirror.displayStyle == .optional {
        guard let wrapped = childMirror.children.first?.value else { continue }
        if isTarget(wrapped, target) { return .optionally }
        // Anything found inside an optional is held optionally too.
        if search(for: target, in: wrapped, depth: depth + 1, visited: &visited) != .notVisible {
          return .optionally
        }
        continue
      }
      if isTarget(child.value, target) {
        found = .directly
        continue
      }
      switch childMirror.displayStyle {
      case .struct, .tuple, .enum:
        let inner = search(for: target, in: child.value, depth: depth + 1, visited: &visited)
        if inner == .optionally { return .optionally }
        if inner == .directly { found = .directly }
      case .class:
        let id = ObjectIdentifier(child.value as AnyObject)
        guard visited.insert(id).inserted else { continue }
        let inner = search(for: target, in: child.value, depth: depth + 1, visited: &visited)
        if inner == .optionally { return .optionally }
        if inner == .directly { found = .directly }
      default:
        continue
      }
    }
    mirror = current.superclassMirror
  }
  return found
}

private func isTarget(_ value: Any, _ target: AnyObject) -> Bool {
  guard Mirror(reflecting: value).displayStyle == .class else { return false }
  return (value as AnyObject) === target
}

// MARK: - The guard: no live object in a test

/// Gives each test an empty `OutsideWorld` of its own, so whatever a live object does
/// during the test is written down where only that test looks, and tests running in
/// parallel never share it.
///
/// It is the lesson's guard: after every test, failed loads, reloads and shares included,
/// the test's own world must still be empty. A view model built from fakes must not build,
/// nor use, a live repository, a live tracker or the clipboard, on any path, not even
/// beside the injected collaborator. Tasks 1 to 4 ignore analytics, which Task 5 checks.
struct NoLiveObjects: SuiteTrait, TestTrait, TestScoping {
  /// Whether contacts with the analytics vendor are left to a later task.
  var ignoresAnalytics = false

  var isRecursive: Bool { true }

  func provideScope(
    for test: Test,
    testCase: Test.Case?,
    performing function: @Sendable () async throws -> Void
  ) async throws {
    await checkTheLiveObjectsReport()
    let world = OutsideWorld()
    do {
      try await OutsideWorld.$current.withValue(world) {
        try await function()
      }
    } catch {
      check(world)
      throw error
    }
    check(world)
  }

  /// The guard proves something only if the live objects report what they do; this
  /// makes sure they still do, in a world of its own.
  private func checkTheLiveObjectsReport() async {
    let probe = OutsideWorld()
    await OutsideWorld.$current.withValue(probe) {
      let sdk = BankSDK(host: "probe.example-bank.com")
      let analytics = LiveAnalytics()
      _ = try? await sdk.listAccounts()
      analytics.track(.accountsLoaded(count: 2))
      ClipboardShareChannel().share(Sample.gifts)
    }
    let expected: [OutsideContact] = [
      .connection(host: "probe.example-bank.com"), .analyticsSession,
      .accountsRequest(host: "probe.example-bank.com"),
      .analyticsEvent(.accountsLoaded(count: 2)), .clipboard("Gifts (gft-9)"),
    ]
    guard probe.contacts != expected else { return }
    Issue.record(
      """
      The live objects should report to OutsideWorld.current when they are created and \
      used: expected \(expected.map(\.description)), got \(probe.contacts.map(\.description)). \
      BankSDK, LiveAnalytics, ClipboardShareChannel and OutsideWorld are the kata's stand-ins \
      for the real world, not yours to change: the guard that checks your view model after \
      every test sees only what they report.
      """
    )
  }

  private func check(_ world: OutsideWorld) {
    let leaked = world.contacts.filter { !ignoresAnalytics || !$0.isAnalytics }
    guard !leaked.isEmpty else { return }
    Issue.record(
      """
      Guard: no live object in a test. This test gave the view model fakes, yet a live \
      object was built or used:
      \(leaked.map { "  - \($0)" }.joined(separator: "\n"))
      This is checked after every test, failed loads, reloads and shares included: no path \
      of the view model may build a live object, use one beside the injected collaborator, \
      or fall back to one. The repository and the tracker come in through init, the channel \
      through the call; only the composition root knows the live types.
      """
    )
  }
}

extension OutsideContact {
  /// Whether this went to the analytics vendor.
  var isAnalytics: Bool {
    switch self {
    case .analyticsSession, .analyticsEvent: true
    case .connection, .accountsRequest, .clipboard: false
    }
  }
}

extension Trait where Self == NoLiveObjects {
  /// Each test gets an empty `OutsideWorld` of its own, which must stay empty.
  static var noLiveObjects: Self { Self() }

  /// Like `noLiveObjects`, but the analytics vendor is not checked (Task 5 checks it).
  static var noLiveObjectsIgnoringAnalytics: Self { Self(ignoresAnalytics: true) }
}

// MARK: - Readable states in failure messages

extension AccountsScreenState {
  /// The state as a learner would write it, with account names instead of full values.
  var summary: String {
    switch self {
    case .idle: ".idle"
    case .loading: ".loading"
    case .empty: ".empty"
    case .content(let accounts): ".content(\(accounts.map(\.name)))"
    case .failure(let message): ".failure(message: \"\(message)\")"
    }
  }
}

// MARK: - Where the view model works

/// Tells whether the code that calls it runs on the main actor, without crashing when it
/// does not (as `MainActor.assumeIsolated` would).
///
/// The main actor's work runs on the main dispatch queue, which is not always the main
/// thread (on Linux a test's main-actor work may run on another thread), so the main queue
/// is marked once and the mark is looked for.
enum MainActorProbe {
  /// The key of the main queue's mark. It is only read once set, so it may be shared.
  private final class Mark: @unchecked Sendable {
    let key = DispatchSpecificKey<Bool>()
  }
  private static let mark = Mark()
  private static let marked: Bool = {
    DispatchQueue.main.setSpecific(key: mark.key, value: true)
    return true
  }()

  /// Marks the main queue; call it before the code under test runs.
  static func prepare() { _ = marked }

  /// Whether the caller runs on the main actor (on its queue, or on the main thread).
  static var isOnMainActor: Bool {
    Thread.isMainThread || DispatchQueue.getSpecific(key: mark.key) == true
  }
}

/// A spy tracker that notes, for each event, whether it was sent from the main actor, where
/// the view model lives.
final class MainActorCheckingTracker: AnalyticsTracker {
  private let events = Mutex<[(event: AnalyticsEvent, onMainActor: Bool)]>([])

  init() { MainActorProbe.prepare() }

  /// Every event, in order, wherever it was sent from.
  var heard: [AnalyticsEvent] { events.withLock { $0.map(\.event) } }

  /// The events sent from somewhere other than the main actor, in order.
  var sentOffTheMainActor: [AnalyticsEvent] {
    events.withLock { $0.filter { !$0.onMainActor }.map(\.event) }
  }

  func track(_ event: AnalyticsEvent) {
    let onMainActor = MainActorProbe.isOnMainActor
    events.withLock { $0.append((event, onMainActor)) }
  }
}
