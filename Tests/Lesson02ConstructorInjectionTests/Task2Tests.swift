import Lesson02ConstructorInjection
import Testing

@Suite("Task 2 — Tell empty from content")
@MainActor
struct Task2Tests {
  @Test("Before loading, the screen is idle")
  func screenStartsIdle() {
    let viewModel = makeAccountsViewModel(
      repository: FakeAccountsRepository(.success([Sample.travel])),
      analytics: AnalyticsSpy()
    )

    let state = screenState(of: viewModel)
    #expect(
      state == .idle,
      """
      Nothing was loaded yet, so the screen should be .idle; it shows \(state.summary). \
      "Not loaded yet" and "no accounts" are different screens.
      """
    )
  }

  @Test("No accounts shows the empty state")
  func noAccountsShowsEmpty() async {
    let viewModel = makeAccountsViewModel(
      repository: FakeAccountsRepository(.success([])),
      analytics: AnalyticsSpy()
    )

    await loadAccounts(on: viewModel)

    let state = screenState(of: viewModel)
    #expect(
      state == .empty,
      """
      The repository answered with no accounts, so the screen should be .empty (the \
      "open your first account" placeholder); it shows \(state.summary).
      """
    )
  }

  @Test("Accounts show in the order the repository returned them")
  func accountsKeepTheirOrder() async {
    let accounts = [Sample.rent, Sample.gifts, Sample.travel]
    let viewModel = makeAccountsViewModel(
      repository: FakeAccountsRepository(.success(accounts)),
      analytics: AnalyticsSpy()
    )

    await loadAccounts(on: viewModel)

    let state = screenState(of: viewModel)
    #expect(
      state == .content(accounts),
      """
      Expected .content with Rent, Gifts, Travel Fund in that order; the screen shows \
      \(state.summary).
      """
    )
  }
}
