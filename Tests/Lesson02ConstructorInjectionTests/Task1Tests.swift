import Lesson02ConstructorInjection
import Testing

@Suite("Task 1 — Inject the repository", .noLiveObjectsIgnoringAnalytics)
@MainActor
struct Task1Tests {
  @Test("Loading asks the injected repository, exactly once")
  func loadingAsksTheInjectedRepository() async {
    let repository = FakeAccountsRepository(.success([Sample.travel]))
    let viewModel = makeAccountsViewModel(repository: repository, analytics: AnalyticsSpy())

    await loadAccounts(on: viewModel)

    #expect(
      repository.fetchCount == 1,
      """
      The fake repository passed to makeAccountsViewModel(repository:analytics:) was asked \
      \(repository.fetchCount) time(s); expected once per load. Does the view model still \
      build its own repository, and does loadAccounts(on:) wait until the load is done?
      """
    )
  }

  @Test(
    "The screen shows the accounts the injected repository returned",
    arguments: [[Sample.travel, Sample.rent], [Sample.gifts]]
  )
  func screenShowsTheInjectedAccounts(accounts: [Account]) async {
    let repository = FakeAccountsRepository(.success(accounts))
    let viewModel = makeAccountsViewModel(repository: repository, analytics: AnalyticsSpy())

    await loadAccounts(on: viewModel)

    let state = screenState(of: viewModel)
    #expect(
      state == .content(accounts),
      """
      The fake repository answered \(accounts.map(\.name)), but the screen shows \
      \(state.summary). \
      The accounts on screen must be exactly what the injected repository returned.
      """
    )
  }

  @Test(
    "Every load asks the repository again",
    arguments: [Result<[Account], BankOutage>.success([Sample.rent]), .failure(.sessionExpired)]
  )
  func everyLoadAsksAgain(firstAnswer: Result<[Account], BankOutage>) async {
    let repository = FakeAccountsRepository(firstAnswer)
    let viewModel = makeAccountsViewModel(repository: repository, analytics: AnalyticsSpy())

    await loadAccounts(on: viewModel)
    repository.answer(.success([Sample.gifts, Sample.travel]))
    await loadAccounts(on: viewModel)

    let first = (try? firstAnswer.get()).map { "\($0.map(\.name))" } ?? "an error"
    #expect(
      repository.fetchCount == 2,
      """
      The view model loaded twice (the first answer was \(first)), so the injected \
      repository should have been asked twice; it was asked \(repository.fetchCount) \
      time(s). Each load asks again: a screen that keeps its first answer never shows new \
      accounts.
      """
    )
  }

  @Test(
    "Every load asks the repository again, also after many failures in a row",
    arguments: [3, 10]
  )
  func everyLoadAsksAgainAfterManyFailures(failures: Int) async {
    let repository = FakeAccountsRepository(.failure(.maintenance))
    let viewModel = makeAccountsViewModel(repository: repository, analytics: AnalyticsSpy())

    for _ in 1...failures { await loadAccounts(on: viewModel) }
    let askedWhileFailing = repository.fetchCount
    repository.answer(.success([Sample.travel, Sample.gifts]))
    await loadAccounts(on: viewModel)

    #expect(
      askedWhileFailing == failures && repository.fetchCount == failures + 1,
      """
      The view model loaded \(failures) times while the bank failed, then once more after \
      it came back; the injected repository should have been asked \(failures + 1) times, \
      once per load. It was asked \(askedWhileFailing) time(s) during the failures and \
      \(repository.fetchCount) in all. Each load asks again, however often the last ones \
      failed: whether to try again is the customer's choice, and a screen that stops asking \
      never shows that the bank is back.
      """
    )
  }

  @Test("Each view model uses its own repository")
  func eachViewModelUsesItsOwnRepository() async {
    let first = FakeAccountsRepository(.success([Sample.travel]))
    let second = FakeAccountsRepository(.success([Sample.gifts]))
    let firstViewModel = makeAccountsViewModel(repository: first, analytics: AnalyticsSpy())
    let secondViewModel = makeAccountsViewModel(repository: second, analytics: AnalyticsSpy())

    // The second is loaded first, and each is checked after the other loaded too, so that
    // neither "the first repository ever given" nor "the last one" passes.
    await loadAccounts(on: secondViewModel)
    #expect(
      first.fetchCount == 0 && second.fetchCount == 1,
      """
      Only the second view model loaded, so only its repository should have been asked; \
      the first was asked \(first.fetchCount) time(s), the second \(second.fetchCount). \(
        first.fetchCount == 0 && second.fetchCount == 0
        ? "Neither was asked: the view model does not load through the repository it is "
          + "given yet."
        : "Is the repository kept somewhere shared (a static, a global) instead of in each "
          + "view model?")
      """
    )
    await loadAccounts(on: firstViewModel)

    let firstState = screenState(of: firstViewModel)
    let secondState = screenState(of: secondViewModel)
    #expect(
      first.fetchCount == 1 && second.fetchCount == 1,
      """
      Each view model loaded once, so each repository should have been asked once; the \
      first was asked \(first.fetchCount) time(s), the second \(second.fetchCount). \
      Each view model keeps the repository it was built with.
      """
    )
    #expect(
      firstState == .content([Sample.travel]) && secondState == .content([Sample.gifts]),
      """
      The first view model's repository answers "Travel Fund", the second's "Gifts"; the \
      screens show \(firstState.summary) and \(secondState.summary). Each view model keeps \
      the repository it was built with.
      """
    )
  }

  @Test("The injected repository is used, and not kept in an Optional")
  func repositoryIsNotKeptInAnOptional() async throws {
    let repository = FakeAccountsRepository(.success([]))
    let viewModel = makeAccountsViewModel(repository: repository, analytics: AnalyticsSpy())

    await loadAccounts(on: viewModel)

    try #require(
      repository.fetchCount == 1,
      """
      This test checks how the view model keeps the repository passed to \
      makeAccountsViewModel(repository:analytics:), but loading asked that repository \
      \(repository.fetchCount) time(s) instead of once. Take the repository in init first.
      """
    )
    #expect(
      holding(of: repository, in: viewModel) != .optionally,
      """
      The view model keeps the injected repository in an Optional (a `var …: …?`, a `weak` \
      or a `lazy var`). It cannot work without a repository: a required dependency, which \
      constructor injection makes impossible to leave out, so no fallback is needed.
      """
    )
  }
}
