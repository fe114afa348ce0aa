import Lesson02ConstructorInjection
import Testing

@Suite("Task 1 — Inject the repository")
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

  @Test("The screen shows the accounts the injected repository returned")
  func screenShowsTheInjectedAccounts() async {
    let repository = FakeAccountsRepository(.success([Sample.travel, Sample.rent]))
    let viewModel = makeAccountsViewModel(repository: repository, analytics: AnalyticsSpy())

    await loadAccounts(on: viewModel)

    let state = screenState(of: viewModel)
    #expect(
      state == .content([Sample.travel, Sample.rent]),
      """
      The fake repository answered "Travel Fund" and "Rent", but the screen shows \
      \(state.summary). \
      The accounts on screen must be exactly what the injected repository returned.
      """
    )
  }

  @Test("Each view model uses its own repository")
  func eachViewModelUsesItsOwnRepository() async {
    let first = FakeAccountsRepository(.success([Sample.travel]))
    let second = FakeAccountsRepository(.success([Sample.gifts]))
    let firstViewModel = makeAccountsViewModel(repository: first, analytics: AnalyticsSpy())
    _ = makeAccountsViewModel(repository: second, analytics: AnalyticsSpy())

    await loadAccounts(on: firstViewModel)

    #expect(
      first.fetchCount == 1 && second.fetchCount == 0,
      """
      Only the first view model loaded, so only its repository should have been asked; \
      the first was asked \(first.fetchCount) time(s), the second \(second.fetchCount). \
      Is the repository kept somewhere shared (a static, a global) instead of in each view \
      model?
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
      or a `lazy var`). It cannot work without a repository, so take it in init and keep \
      it in a `let`: then a view model without one cannot exist, and no fallback is needed.
      """
    )
  }
}
