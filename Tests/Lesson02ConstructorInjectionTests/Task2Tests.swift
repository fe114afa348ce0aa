import Lesson02ConstructorInjection
import Testing

@Suite("Task 2 — Tell empty from content", .noLiveObjectsIgnoringAnalytics)
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

  @Test(
    "Accounts show in the order the repository returned them",
    arguments: [[Sample.rent, Sample.gifts, Sample.travel], [Sample.travel, Sample.rent]]
  )
  func accountsKeepTheirOrder(accounts: [Account]) async {
    let viewModel = makeAccountsViewModel(
      repository: FakeAccountsRepository(.success(accounts)),
      analytics: AnalyticsSpy()
    )

    await loadAccounts(on: viewModel)

    let state = screenState(of: viewModel)
    #expect(
      state == .content(accounts),
      """
      Expected .content with \(accounts.map(\.name)) in that order; the screen shows \
      \(state.summary).
      """
    )
  }

  @Test(
    "Every account the repository returned is shown, an empty one or two with one id too",
    arguments: [
      [Sample.rent, Sample.emptyWallet, Sample.travel], [Sample.gifts, Sample.giftsAgain],
    ]
  )
  func everyAccountIsShown(accounts: [Account]) async {
    let viewModel = makeAccountsViewModel(
      repository: FakeAccountsRepository(.success(accounts)),
      analytics: AnalyticsSpy()
    )

    await loadAccounts(on: viewModel)

    let state = screenState(of: viewModel)
    #expect(
      state == .content(accounts),
      """
      The repository answered \(accounts.map { "\($0.name) (\($0.id), \($0.balanceInCents) cents)" }); \
      the screen should show all of them, in that order, but it shows \(state.summary). \
      The view model shows what the repository answered, not a selection of it: an account \
      with a zero balance is still the customer's, and which accounts belong on the screen \
      is the repository's call, not the view model's.
      """
    )
  }

  @Test("A long list shows every account, not the first few", arguments: [25, 101])
  func longListIsShownWhole(count: Int) async {
    let accounts = (1...count).map {
      Account(id: "acc-\($0)", name: "Account \($0)", balanceInCents: $0 * 1_000)
    }
    let viewModel = makeAccountsViewModel(
      repository: FakeAccountsRepository(.success(accounts)),
      analytics: AnalyticsSpy()
    )

    await loadAccounts(on: viewModel)

    let state = screenState(of: viewModel)
    let shown: [Account]? = if case .content(let shown) = state { shown } else { nil }
    #expect(
      state == .content(accounts),
      """
      The repository answered \(count) accounts, "Account 1" to "Account \(count)"; the screen \
      should show all \(count), in that order, but it shows \
      \(shown.map { "\($0.count) account(s), the last \"\($0.last?.name ?? "")\"" } ?? state.summary). \
      How many rows fit is the view's business (it scrolls); the state holds every account \
      the repository returned.
      """
    )
  }

  @Test(
    "Loading again shows the latest answer, not the previous one",
    arguments: [
      ([Sample.travel, Sample.rent], [Sample.gifts]),
      ([Sample.gifts], []),
      ([], [Sample.rent, Sample.travel]),
    ]
  )
  func reloadShowsTheLatestAnswer(first: [Account], then latest: [Account]) async {
    let repository = FakeAccountsRepository(.success(first))
    let viewModel = makeAccountsViewModel(repository: repository, analytics: AnalyticsSpy())
    await loadAccounts(on: viewModel)

    repository.answer(.success(latest))
    await loadAccounts(on: viewModel)

    let expected: AccountsScreenState = latest.isEmpty ? .empty : .content(latest)
    let state = screenState(of: viewModel)
    #expect(
      state == expected,
      """
      The first load answered \(first.map(\.name)), the second \(latest.map(\.name)); the \
      screen should show \(expected.summary), but it shows \(state.summary). Each load \
      replaces what the screen shows with what the repository answered this time: nothing \
      kept from before, nothing added to it.
      """
    )
  }
}
