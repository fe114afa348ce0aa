import Lesson02ConstructorInjection
import Testing

@Suite("Task 3 — Carry the failure as state", .noLiveObjectsIgnoringAnalytics)
@MainActor
struct Task3Tests {
  @Test("A failed request shows the failure with the error's message", arguments: BankOutage.both)
  func failureShowsTheMessage(error: BankOutage) async {
    let viewModel = makeAccountsViewModel(
      repository: FakeAccountsRepository(.failure(error)),
      analytics: AnalyticsSpy()
    )

    await loadAccounts(on: viewModel)

    let state = screenState(of: viewModel)
    #expect(
      state == .failure(message: error.message),
      """
      The repository threw an error whose message is "\(error.message)"; the screen \
      should be .failure with that message, but it shows \(state.summary). \
      The message comes from the error that was thrown, whatever it says.
      """
    )
  }

  @Test("A long failure message is shown whole", arguments: BankOutage.long)
  func longFailureMessageIsShownWhole(error: BankOutage) async {
    let viewModel = makeAccountsViewModel(
      repository: FakeAccountsRepository(.failure(error)),
      analytics: AnalyticsSpy()
    )

    await loadAccounts(on: viewModel)

    let state = screenState(of: viewModel)
    let shown: String? = if case .failure(let message) = state { message } else { nil }
    #expect(
      state == .failure(message: error.message),
      """
      The repository threw an error whose message has \(error.message.count) characters, \
      ending "…\(error.message.suffix(40))"; the screen should be .failure with all of it, \
      but it shows \(shown.map { "a message of \($0.count) characters, ending \"…\($0.suffix(40))\"" } ?? state.summary). \
      The state carries the error's message as it is: how much of it fits on one line is \
      the view's business, and the end of a sentence is often what the customer needs.
      """
    )
  }

  @Test("A failure never looks like an empty list")
  func failureIsNotAnEmptyList() async throws {
    let repository = FakeAccountsRepository(.failure(.maintenance))
    let viewModel = makeAccountsViewModel(repository: repository, analytics: AnalyticsSpy())

    await loadAccounts(on: viewModel)

    try #require(
      repository.fetchCount == 1,
      """
      The failing fake repository passed to makeAccountsViewModel(repository:analytics:) \
      was asked \(repository.fetchCount) time(s) during one load; expected once. \
      \(repository.fetchCount == 0
        ? "Do Task 1 first: load through the injected repository."
        : "One load asks once: a failure is shown, not retried behind the screen's back.")
      """
    )
    let state = screenState(of: viewModel)
    #expect(
      state != .empty && state != .content([]),
      """
      The request failed, but the screen shows \(state.summary): the customer is told they \
      have no accounts. The error was thrown away on the way: a failure is a state of the \
      screen of its own, with its message, not an empty list.
      """
    )
  }

  @Test(
    "A later successful load replaces the failure",
    arguments: [(BankOutage.maintenance, [Sample.travel]), (.sessionExpired, [])]
  )
  func successAfterFailureShowsContent(error: BankOutage, then retry: [Account]) async throws {
    let repository = FakeAccountsRepository(.failure(error))
    let viewModel = makeAccountsViewModel(repository: repository, analytics: AnalyticsSpy())
    await loadAccounts(on: viewModel)

    let first = screenState(of: viewModel)
    try #require(
      first == .failure(message: error.message),
      """
      This test starts from a failed load, but after the fake repository threw, the screen \
      shows \(first.summary) (the injected repository was asked \(repository.fetchCount) \
      time(s)). Make "A failed request shows the failure with the error's message" pass first.
      """
    )

    repository.answer(.success(retry))
    await loadAccounts(on: viewModel)

    let expected: AccountsScreenState = retry.isEmpty ? .empty : .content(retry)
    let state = screenState(of: viewModel)
    #expect(
      state == expected,
      """
      The first load failed and the retry succeeded with \(retry.map(\.name)), so the screen \
      should show \(expected.summary); it shows \(state.summary) (the repository was asked \
      \(repository.fetchCount) time(s) in two loads). Does the old failure stay behind after \
      a successful retry\(retry.isEmpty ? ", when the answer has no accounts" : "")?
      """
    )
  }

  @Test("A failure after a success replaces the accounts", arguments: BankOutage.both)
  func failureAfterSuccessShowsTheFailure(error: BankOutage) async {
    let repository = FakeAccountsRepository(.success([Sample.rent]))
    let viewModel = makeAccountsViewModel(repository: repository, analytics: AnalyticsSpy())
    await loadAccounts(on: viewModel)

    repository.answer(.failure(error))
    await loadAccounts(on: viewModel)

    let state = screenState(of: viewModel)
    #expect(
      state == .failure(message: error.message),
      """
      The first load showed "Rent"; the second failed with "\(error.message)", so the screen \
      should show that failure; it shows \(state.summary) (the repository was asked \
      \(repository.fetchCount) time(s) in two loads). The screen shows the latest outcome, \
      not the last success.
      """
    )
  }

  @Test(
    "A failure after a success replaces the accounts, with the screen's own error too",
    arguments: ScreenError.both
  )
  func screenErrorAfterSuccessShowsTheFailure(error: AccountsUnavailable) async {
    let repository = FakeAccountsRepository(.success([Sample.rent, Sample.gifts]))
    let viewModel = makeAccountsViewModel(repository: repository, analytics: AnalyticsSpy())
    await loadAccounts(on: viewModel)

    repository.answer(throwing: error)
    await loadAccounts(on: viewModel)

    let state = screenState(of: viewModel)
    #expect(
      state == .failure(message: error.message),
      """
      The first load showed \([Sample.rent, Sample.gifts].map(\.name)); the second failed \
      with AccountsUnavailable("\(error.message)"), the error the live repository throws, so \
      the screen should show that failure; it shows \(state.summary). Every failure is shown \
      as a failure, whatever its type or message: accounts kept from an earlier load look \
      like today's balances, with no sign that the bank did not answer.
      """
    )
  }

  @Test(
    "A second failure shows its own message, not the first one's",
    arguments: [
      (BankOutage.maintenance, BankOutage.sessionExpired), (.sessionExpired, .maintenance),
    ]
  )
  func secondFailureShowsItsOwnMessage(first: BankOutage, then second: BankOutage) async {
    let repository = FakeAccountsRepository(.failure(first))
    let viewModel = makeAccountsViewModel(repository: repository, analytics: AnalyticsSpy())
    await loadAccounts(on: viewModel)

    repository.answer(.failure(second))
    await loadAccounts(on: viewModel)

    let state = screenState(of: viewModel)
    #expect(
      state == .failure(message: second.message),
      """
      The first load failed with "\(first.message)", the second with "\(second.message)"; \
      the screen should show the second failure, but it shows \(state.summary) (the \
      repository was asked \(repository.fetchCount) time(s) in two loads). Each failure is \
      shown with the message of the error that was thrown this time.
      """
    )
  }
}

extension BankOutage {
  /// Two failures whose messages are longer than a line, with what matters at the end.
  fileprivate static let long = [
    BankOutage(
      message: """
        We are moving your accounts to our new systems tonight, so they cannot be shown \
        between 10 p.m. and 2 a.m. Card payments and cash withdrawals keep working as usual. \
        If you need help before 2 a.m., call 0800 123 456.
        """),
    BankOutage(
      message: """
        Your accounts cannot be shown right now because the security check on this device \
        did not finish. Open Settings, then Security, and confirm your passcode again.
        """),
  ]
}
