import Lesson02ConstructorInjection
import Testing

@Suite("Task 3 — Carry the failure as state")
@MainActor
struct Task3Tests {
  @Test("A failed request shows the failure with the error's message")
  func failureShowsTheMessage() async {
    let viewModel = makeAccountsViewModel(
      repository: FakeAccountsRepository(.failure(BankOutage())),
      analytics: AnalyticsSpy()
    )

    await loadAccounts(on: viewModel)

    let state = screenState(of: viewModel)
    #expect(
      state == .failure(message: BankOutage.message),
      """
      The repository threw an error whose message is "\(BankOutage.message)"; the screen \
      should be .failure with that message, but it shows \(state.summary).
      """
    )
  }

  @Test("A failure never looks like an empty list")
  func failureIsNotAnEmptyList() async throws {
    let repository = FakeAccountsRepository(.failure(BankOutage()))
    let viewModel = makeAccountsViewModel(repository: repository, analytics: AnalyticsSpy())

    await loadAccounts(on: viewModel)

    try #require(
      repository.fetchCount == 1,
      """
      The failing fake repository passed to makeAccountsViewModel(repository:analytics:) \
      was asked \(repository.fetchCount) time(s), so its failure never reached the screen. \
      Do Task 1 first: load through the injected repository.
      """
    )
    let state = screenState(of: viewModel)
    #expect(
      state != .empty && state != .content([]),
      """
      The request failed, but the screen shows \(state.summary): the customer is told they \
      have no accounts. This is what `(try? …) ?? []` does. Catch the error and keep it as \
      state.
      """
    )
  }

  @Test("A later successful load replaces the failure")
  func successAfterFailureShowsContent() async throws {
    let repository = FakeAccountsRepository(.failure(BankOutage()))
    let viewModel = makeAccountsViewModel(repository: repository, analytics: AnalyticsSpy())
    await loadAccounts(on: viewModel)

    let first = screenState(of: viewModel)
    try #require(
      first == .failure(message: BankOutage.message),
      """
      This test starts from a failed load, but after the fake repository threw, the screen \
      shows \(first.summary) (the injected repository was asked \(repository.fetchCount) \
      time(s)). Make "A failed request shows the failure with the error's message" pass first.
      """
    )

    repository.answer(.success([Sample.travel]))
    await loadAccounts(on: viewModel)

    let state = screenState(of: viewModel)
    #expect(
      state == .content([Sample.travel]),
      """
      The first load failed and the retry succeeded with "Travel Fund", so the screen should \
      show it; it shows \(state.summary). Does the old failure stay behind after a \
      successful retry?
      """
    )
  }
}
