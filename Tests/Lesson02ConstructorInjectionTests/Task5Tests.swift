import Lesson02ConstructorInjection
import Testing

@Suite("Task 5 — Track analytics through a spy")
@MainActor
struct Task5Tests {
  @Test("A successful load tracks requested, then loaded with the count, around the request")
  func successTracksInOrder() async {
    let log = CallLog()
    let viewModel = makeAccountsViewModel(
      repository: FakeAccountsRepository(.success([Sample.travel, Sample.rent]), log: log),
      analytics: AnalyticsSpy(log: log)
    )

    await loadAccounts(on: viewModel)

    let expected: [CallLog.Entry] = [
      .tracked(.accountsRequested),
      .fetchedAccounts,
      .tracked(.accountsLoaded(count: 2)),
    ]
    #expect(
      log.all == expected,
      """
      Expected, in this order: \(expected). Got: \(log.all). \
      \(advice(for: log.all, expectedOutcome: .accountsLoaded(count: 2)))
      """
    )
  }

  @Test("A failed load tracks requested, then failed, and never loaded")
  func failureTracksInOrder() async {
    let log = CallLog()
    let viewModel = makeAccountsViewModel(
      repository: FakeAccountsRepository(.failure(BankOutage()), log: log),
      analytics: AnalyticsSpy(log: log)
    )

    await loadAccounts(on: viewModel)

    let expected: [CallLog.Entry] = [
      .tracked(.accountsRequested),
      .fetchedAccounts,
      .tracked(.accountsLoadFailed),
    ]
    #expect(
      log.all == expected,
      """
      Expected, in this order: \(expected). Got: \(log.all). \
      \(advice(for: log.all, expectedOutcome: .accountsLoadFailed))
      """
    )
  }

  @Test("Events go to the tracker of the view model that loaded")
  func eventsGoToTheirOwnTracker() async {
    let firstSpy = AnalyticsSpy()
    let secondSpy = AnalyticsSpy()
    let first = makeAccountsViewModel(
      repository: FakeAccountsRepository(.success([Sample.travel])),
      analytics: firstSpy
    )
    _ = makeAccountsViewModel(
      repository: FakeAccountsRepository(.success([Sample.gifts])),
      analytics: secondSpy
    )

    await loadAccounts(on: first)

    let expected: [AnalyticsEvent] = [.accountsRequested, .accountsLoaded(count: 1)]
    #expect(
      firstSpy.tracked == expected,
      """
      The first view model loaded one account; its own tracker should have recorded \
      \(expected.listed) but recorded \(firstSpy.tracked.listed).
      """
    )
    #expect(
      secondSpy.tracked.isEmpty,
      """
      The second view model never loaded, yet its tracker recorded \
      \(secondSpy.tracked.listed). \
      Is the tracker kept in a static or a global, shared by every view model?
      """
    )
  }

  @Test("The injected tracker is used, and not kept in an Optional")
  func trackerIsNotKeptInAnOptional() async throws {
    let spy = AnalyticsSpy()
    let viewModel = makeAccountsViewModel(
      repository: FakeAccountsRepository(.success([])),
      analytics: spy
    )

    await loadAccounts(on: viewModel)

    try #require(
      !spy.tracked.isEmpty,
      """
      This test checks how the view model keeps the tracker passed to \
      makeAccountsViewModel(repository:analytics:), but a load sent that tracker nothing. \
      Does the view model still build its own tracker, or does the harness leave out \
      `analytics:` so that a default argument fills it in?
      """
    )
    #expect(
      holding(of: spy, in: viewModel) != .optionally,
      """
      The view model keeps the injected tracker in an Optional. Analytics is required: \
      take it in init, keep it in a `let`, and give it no default.
      """
    )
  }
}

/// What to change, judged from what the shared log recorded during one load.
///
/// - Parameters:
///   - entries: What the fake repository and the spy tracker recorded, in order.
///   - expectedOutcome: The event that should follow the request.
private func advice(for entries: [CallLog.Entry], expectedOutcome: AnalyticsEvent) -> String {
  let requested = entries.firstIndex(of: .tracked(.accountsRequested))
  let fetched = entries.firstIndex(of: .fetchedAccounts)
  let outcome = entries.firstIndex(of: .tracked(expectedOutcome))
  let failed = expectedOutcome == .accountsLoadFailed
  let wrongOutcome = entries.contains { entry in
    guard case .tracked(let event) = entry else { return false }
    return event != .accountsRequested && event != expectedOutcome
  }

  if entries.isEmpty {
    return """
      Neither the fake repository nor the spy tracker heard anything: track through the \
      tracker passed to makeAccountsViewModel(repository:analytics:), and load through the \
      repository passed with it.
      """
  }
  guard let fetched else {
    return "The injected repository was never asked; do Task 1 first."
  }
  if entries.allSatisfy({ $0 == .fetchedAccounts }) {
    return """
      The injected repository was asked, but the spy tracker passed to \
      makeAccountsViewModel(repository:analytics:) heard nothing. Track through that tracker; \
      if `init` has a default such as `= LiveAnalytics()`, the harness may be leaving \
      `analytics:` out.
      """
  }
  guard let requested else {
    return "Track .accountsRequested when the screen asks, before you await the repository."
  }
  if requested > fetched {
    return """
      .accountsRequested came after the request: track it before you await the repository, \
      not once the answer is there.
      """
  }
  if wrongOutcome {
    if case .accountsLoaded(let count) = expectedOutcome {
      return """
        The request succeeded with \(count) accounts: track .accountsLoaded(count: \(count)), \
        with the number of accounts the repository returned.
        """
    }
    return "A failed request is .accountsLoadFailed, never .accountsLoaded(count: 0)."
  }
  guard let outcome else {
    return failed
      ? "Track .accountsLoadFailed when the request throws (in the `catch`)."
      : "Track .accountsLoaded(count:) once the repository answered."
  }
  if outcome < fetched {
    return "Track the outcome after the repository answered, not before."
  }
  return "Track each event once per load, and nothing else."
}

extension [AnalyticsEvent] {
  /// The events as a learner would write them: `[.accountsRequested, .accountsLoadFailed]`.
  fileprivate var listed: String {
    "[" + map { ".\($0)" }.joined(separator: ", ") + "]"
  }
}
