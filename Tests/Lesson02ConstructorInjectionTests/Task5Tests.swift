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
      Track through the tracker passed to makeAccountsViewModel(repository:analytics:), \
      "requested" before you ask the repository and "loaded" after it answered.
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
      A failed request is .accountsLoadFailed, never .accountsLoaded(count: 0).
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

    #expect(
      firstSpy.tracked == [.accountsRequested, .accountsLoaded(count: 1)],
      """
      The first view model loaded one account; its own tracker should have recorded \
      [.accountsRequested, .accountsLoaded(count: 1)] but recorded \
      \(firstSpy.tracked.map { ".\($0)" }).
      """
    )
    #expect(
      secondSpy.tracked.isEmpty,
      """
      The second view model never loaded, yet its tracker recorded \
      \(secondSpy.tracked.map { ".\($0)" }). \
      Is the tracker kept in a static or a global, shared by every view model?
      """
    )
  }

  @Test("The view model keeps the tracker it was given, not an optional")
  func trackerIsHeldAsARequiredDependency() {
    let spy = AnalyticsSpy()
    let viewModel = makeAccountsViewModel(
      repository: FakeAccountsRepository(.success([])),
      analytics: spy
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
