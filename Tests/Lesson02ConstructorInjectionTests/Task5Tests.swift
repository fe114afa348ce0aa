import Lesson02ConstructorInjection
import Testing

@Suite("Task 5 — Track analytics through a spy", .noLiveObjects)
@MainActor
struct Task5Tests {
  @Test(
    "A successful load tracks requested, then loaded with the count, around the request",
    arguments: [[Sample.travel, Sample.rent], [Sample.gifts], []]
  )
  func successTracksInOrder(accounts: [Account]) async {
    let log = CallLog()
    let viewModel = makeAccountsViewModel(
      repository: FakeAccountsRepository(.success(accounts), log: log),
      analytics: AnalyticsSpy(log: log)
    )

    await loadAccounts(on: viewModel)

    let expected: [CallLog.Entry] = [
      .tracked(.accountsRequested),
      .fetchedAccounts,
      .tracked(.accountsLoaded(count: accounts.count)),
    ]
    #expect(
      log.all == expected,
      """
      Expected, in this order: \(expected). Got: \(log.all). \
      \(advice(for: log.all, expected: expected, tracksOnSuccess: tracked(log.all)))
      """
    )
  }

  @Test("A failed load tracks requested, then failed, and never loaded", arguments: BankOutage.both)
  func failureTracksInOrder(error: BankOutage) async {
    let log = CallLog()
    let viewModel = makeAccountsViewModel(
      repository: FakeAccountsRepository(.failure(error), log: log),
      analytics: AnalyticsSpy(log: log)
    )

    await loadAccounts(on: viewModel)

    let expected: [CallLog.Entry] = [
      .tracked(.accountsRequested),
      .fetchedAccounts,
      .tracked(.accountsLoadFailed),
    ]
    guard log.all != expected else { return }
    // Does a successful load reach an injected tracker at all? The answer decides whether
    // the advice points at the failure path or at the injection.
    let probe = AnalyticsSpy()
    await loadAccounts(
      on: makeAccountsViewModel(
        repository: FakeAccountsRepository(.success([Sample.gifts])),
        analytics: probe
      )
    )
    #expect(
      log.all == expected,
      """
      Expected, in this order: \(expected). Got: \(log.all). \
      \(advice(for: log.all, expected: expected, tracksOnSuccess: !probe.tracked.isEmpty))
      """
    )
  }

  @Test(
    "A load that fails with the screen's own error tracks failed too", arguments: ScreenError.both)
  func screenErrorTracksFailed(error: AccountsUnavailable) async {
    let log = CallLog()
    let viewModel = makeAccountsViewModel(
      repository: FakeAccountsRepository(throwing: error, log: log),
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
      The repository threw AccountsUnavailable("\(error.message)"), the error the live \
      repository throws. Expected, in this order: \(expected). Got: \(log.all). Every failed \
      load counts as a failure, whatever its type or message: the product team counts \
      failures, not only the ones that were the bank's fault.
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
    let second = makeAccountsViewModel(
      repository: FakeAccountsRepository(.failure(.maintenance)),
      analytics: secondSpy
    )

    await loadAccounts(on: first)
    #expect(
      secondSpy.tracked.isEmpty,
      """
      Only the first view model loaded, yet the second one's tracker recorded \
      \(secondSpy.tracked.listed). \
      Is the tracker kept in a static or a global, shared by every view model?
      """
    )
    await loadAccounts(on: second)

    let firstExpected: [AnalyticsEvent] = [.accountsRequested, .accountsLoaded(count: 1)]
    let secondExpected: [AnalyticsEvent] = [.accountsRequested, .accountsLoadFailed]
    #expect(
      firstSpy.tracked == firstExpected && secondSpy.tracked == secondExpected,
      """
      The first view model loaded one account, then the second one failed. The first \
      tracker should have recorded \(firstExpected.listed) (it recorded \
      \(firstSpy.tracked.listed)); the second should have recorded \(secondExpected.listed) \
      (it recorded \(secondSpy.tracked.listed)). Each view model tracks through the tracker \
      it was built with, on every path.\(firstSpy.straysNote)\(secondSpy.straysNote)
      """
    )
  }

  @Test("Two view models loading at once each track to their own tracker")
  func sideBySideLoadsTrackToTheirOwnTrackers() async throws {
    let firstGate = SuspendingAccountsRepository()
    let secondGate = SuspendingAccountsRepository()
    let firstSpy = AnalyticsSpy()
    let secondSpy = AnalyticsSpy()
    let first = makeAccountsViewModel(repository: firstGate, analytics: firstSpy)
    let second = makeAccountsViewModel(repository: secondGate, analytics: secondSpy)

    // Both requests are in flight at once; they end in the opposite order they started.
    let firstLoad = await startLoading(first, through: firstGate)
    defer { firstGate.resume(throwing: CancellationError()) }
    let secondLoad = await startLoading(second, through: secondGate)
    defer { secondGate.resume(throwing: CancellationError()) }
    try #require(
      firstLoad.reachedRepository && secondLoad.reachedRepository,
      "Each load should ask its own injected repository. Do Task 1 first."
    )
    secondGate.resume(returning: [Sample.rent, Sample.gifts, Sample.travel])
    try #require(await secondLoad.finish())
    firstGate.resume(throwing: BankOutage.sessionExpired)
    try #require(await firstLoad.finish())

    let firstExpected: [AnalyticsEvent] = [.accountsRequested, .accountsLoadFailed]
    let secondExpected: [AnalyticsEvent] = [.accountsRequested, .accountsLoaded(count: 3)]
    #expect(
      firstSpy.tracked == firstExpected && secondSpy.tracked == secondExpected,
      """
      Two view models loaded at the same time; the second finished first with three \
      accounts, then the first failed. The first tracker should have recorded \
      \(firstExpected.listed) (it recorded \(firstSpy.tracked.listed)); the second should \
      have recorded \(secondExpected.listed) (it recorded \(secondSpy.tracked.listed)). \
      Events go to the tracker of the view model whose load it is, even while another \
      screen loads: no "current tracker" kept in a static or a global.\
      \(firstSpy.straysNote)\(secondSpy.straysNote)
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
      makeAccountsViewModel(repository:analytics:), but a load sent that tracker nothing \
      before it ended. Does the view model still build its own tracker, does the harness \
      leave out `analytics:` so that a default argument fills it in, or are the events sent \
      from a Task.detached or a queue, which the load does not wait for?\(spy.straysNote)
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

  @Test(
    "Every load tracks its own events, the second as the first",
    arguments: [
      (
        Result<[Account], BankOutage>.success([Sample.rent]),
        Result<[Account], BankOutage>.failure(.maintenance)
      ),
      (.failure(.sessionExpired), .success([Sample.gifts, Sample.travel])),
    ]
  )
  func everyLoadTracksAgain(
    first: Result<[Account], BankOutage>,
    then second: Result<[Account], BankOutage>
  ) async {
    let log = CallLog()
    let repository = FakeAccountsRepository(first, log: log)
    let viewModel = makeAccountsViewModel(repository: repository, analytics: AnalyticsSpy(log: log))

    await loadAccounts(on: viewModel)
    repository.answer(second)
    await loadAccounts(on: viewModel)

    func entries(for result: Result<[Account], BankOutage>) -> [CallLog.Entry] {
      let outcome: AnalyticsEvent =
        switch result {
        case .success(let accounts): .accountsLoaded(count: accounts.count)
        case .failure: .accountsLoadFailed
        }
      return [.tracked(.accountsRequested), .fetchedAccounts, .tracked(outcome)]
    }
    let expected = entries(for: first) + entries(for: second)
    #expect(
      log.all == expected,
      """
      The view model loaded twice; each load tracks .accountsRequested, asks the repository, \
      and tracks its outcome. Expected, in this order: \(expected). Got: \(log.all). \
      Every load is counted: no event is tracked only once per screen.
      """
    )
  }

  @Test(
    "Two accounts that share an id are counted as two",
    arguments: [
      [Sample.gifts, Sample.giftsAgain], [Sample.gifts, Sample.travel, Sample.giftsAgain],
    ]
  )
  func accountsSharingAnIdAreEachCounted(accounts: [Account]) async {
    let log = CallLog()
    let viewModel = makeAccountsViewModel(
      repository: FakeAccountsRepository(.success(accounts), log: log),
      analytics: AnalyticsSpy(log: log)
    )

    await loadAccounts(on: viewModel)

    let expected: [CallLog.Entry] = [
      .tracked(.accountsRequested),
      .fetchedAccounts,
      .tracked(.accountsLoaded(count: accounts.count)),
    ]
    #expect(
      log.all == expected,
      """
      The repository returned \(accounts.count) accounts, two of them with the id \
      "\(Sample.gifts.id)" ("\(Sample.gifts.name)" and "\(Sample.giftsAgain.name)"). \
      Expected, in this order: \(expected). Got: \(log.all). .accountsLoaded(count:) counts \
      the accounts that arrived, as the screen lists them (Task 2), not the distinct ids.
      """
    )
  }

  @Test(
    "Every event is sent from the main actor, where the view model lives",
    arguments: [
      Result<[Account], BankOutage>.success([Sample.travel, Sample.rent]),
      .failure(.maintenance),
    ]
  )
  func eventsAreSentFromTheMainActor(answer: Result<[Account], BankOutage>) async throws {
    let tracker = MainActorCheckingTracker()
    let viewModel = makeAccountsViewModel(
      repository: FakeAccountsRepository(answer), analytics: tracker)

    await loadAccounts(on: viewModel)

    try #require(
      !tracker.heard.isEmpty,
      """
      The load sent nothing to the tracker passed to makeAccountsViewModel(repository:analytics:); \
      this test checks where events are sent from, so make the tests above pass first.
      """
    )
    let elsewhere = tracker.sentOffTheMainActor
    #expect(
      elsewhere.isEmpty,
      """
      The tracker heard \(tracker.heard.listed), and \(elsewhere.listed) came from off the \
      main actor. The view model lives on the main actor (`@MainActor` on the class), so \
      its load runs there and only the repository's request runs elsewhere. A view model \
      taken off the main actor (and marked `@unchecked Sendable` to silence the compiler) \
      runs its load on any thread, and writes the state the screen reads from there: a data \
      race Swift 6 would have refused. Keep `@MainActor` on the view model.
      """
    )
  }

}

/// Whether the spy tracker heard anything in `entries`: on a successful load, whether a
/// successful load reaches the injected tracker at all.
private func tracked(_ entries: [CallLog.Entry]) -> Bool {
  entries.contains { if case .tracked = $0 { true } else { false } }
}

/// What to change, judged from what the shared log recorded during one load.
///
/// It says what was heard and what is missing, and names a likely cause only when the
/// observation implies it.
///
/// - Parameters:
///   - entries: What the fake repository and the spy tracker recorded, in order.
///   - expected: What they should have recorded.
///   - tracksOnSuccess: Whether a successful load reaches an injected tracker at all.
private func advice(
  for entries: [CallLog.Entry],
  expected: [CallLog.Entry],
  tracksOnSuccess: Bool
) -> String {
  let heard = entries.compactMap { entry -> AnalyticsEvent? in
    guard case .tracked(let event) = entry else { return nil }
    return event
  }
  let wanted = expected.compactMap { entry -> AnalyticsEvent? in
    guard case .tracked(let event) = entry else { return nil }
    return event
  }
  let missing = wanted.filter { !heard.contains($0) }
  let extra = heard.filter { !wanted.contains($0) }
  let failed = wanted.contains(.accountsLoadFailed)
  let fetches = entries.filter { $0 == .fetchedAccounts }.count
  let strays = entries.filter { if case .trackedOutsideTheLoad = $0 { true } else { false } }
  let within = strays.isEmpty ? "" : " within the load"
  var parts = ["The spy tracker heard \(heard.isEmpty ? "nothing" : heard.listed)\(within)."]
  if !missing.isEmpty { parts.append("Missing: \(missing.listed).") }
  if !extra.isEmpty { parts.append("Not expected: \(extra.listed).") }

  if !strays.isEmpty {
    parts.append(
      """
      \(strays.count) event(s) reached the tracker from work the load did not wait for \
      (a Task.detached, a dispatch queue): such an event arrives when it likes, before the \
      test looks or after the load is long over, so it is not counted. Track within the load.
      """
    )
  } else if fetches == 0 {
    parts.append("The injected repository was never asked; do Task 1 first.")
  } else if fetches > 1 {
    parts.append("The repository was asked \(fetches) time(s) in one load; ask it once.")
  } else if heard.isEmpty && !tracksOnSuccess {
    parts.append(
      """
      \(failed ? "No load, failed or successful, reaches" : "A successful load sends nothing to") \
      the tracker passed to makeAccountsViewModel(repository:analytics:) before it ends. Track \
      through that tracker, within the load (not from a Task.detached or a queue, which the \
      load does not wait for); if `init` has a default such as `= LiveAnalytics()`, the \
      harness may be leaving `analytics:` out.
      """
    )
  } else if heard.isEmpty {
    parts.append(
      """
      A successful load does reach the injected tracker, so the tracker is injected; this \
      failed load sends it nothing. The failure path must track too: the request before \
      you await the repository, the failure when it throws.
      """
    )
  } else if let requested = entries.firstIndex(of: .tracked(.accountsRequested)),
    let fetched = entries.firstIndex(of: .fetchedAccounts), requested > fetched
  {
    parts.append(
      """
      .accountsRequested came after the request: track it before you await the repository, \
      not once the answer is there.
      """
    )
  } else if failed
    && heard.contains(where: { if case .accountsLoaded = $0 { true } else { false } })
  {
    parts.append("A failed request is .accountsLoadFailed, never .accountsLoaded.")
  } else if !failed, case .accountsLoaded(let count) = wanted.last, !extra.isEmpty {
    parts.append(
      """
      The request succeeded with \(count) account(s): .accountsLoaded carries the number of \
      accounts the repository returned this time.
      """
    )
  } else if missing.contains(.accountsRequested) {
    parts.append("Track .accountsRequested when the screen asks, before you await the repository.")
  } else if !missing.isEmpty {
    parts.append(
      failed
        ? "Track .accountsLoadFailed when the request throws."
        : "Track .accountsLoaded(count:) once the repository answered."
    )
  } else if let outcome = entries.lastIndex(where: { $0 != .fetchedAccounts }),
    let fetched = entries.firstIndex(of: .fetchedAccounts), outcome < fetched
  {
    parts.append("Track the outcome after the repository answered, not before.")
  } else {
    parts.append("Track each event once per load, in this order, and nothing else.")
  }
  return parts.joined(separator: " ")
}

extension AnalyticsSpy {
  /// What a message adds when events reached this spy from work the load did not wait for.
  fileprivate var straysNote: String {
    let strays = self.strays
    guard !strays.isEmpty else { return "" }
    return """
       It also heard \(strays.listed) from work the load did not wait for (a Task.detached, \
      a dispatch queue); those do not count, since they may arrive after the test looked: \
      track within the load.
      """
  }
}

extension [AnalyticsEvent] {
  /// The events as a learner would write them: `[.accountsRequested, .accountsLoadFailed]`.
  fileprivate var listed: String {
    "[" + map { ".\($0)" }.joined(separator: ", ") + "]"
  }
}
