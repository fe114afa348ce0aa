import Lesson02ConstructorInjection
import Testing

// These tests never sleep to "catch" the loading state: the repository suspends until
// the test resumes it, so the request is in flight exactly while the test looks.

@Suite("Task 4 — Show loading while the request runs", .noLiveObjectsIgnoringAnalytics)
@MainActor
struct Task4Tests {
  @Test("The screen shows loading while the request is suspended")
  func loadingWhileSuspended() async throws {
    let gate = SuspendingAccountsRepository()
    let viewModel = makeAccountsViewModel(repository: gate, analytics: AnalyticsSpy())

    let load = await startLoading(viewModel, through: gate)
    defer { gate.resume(throwing: CancellationError()) }
    try #require(
      load.reachedRepository,
      """
      The load ended without asking the injected repository, or never asked it. \
      Do Task 1 first; and make loadAccounts(on:) return only once the load is over.
      """
    )

    let during = screenState(of: viewModel)
    #expect(
      during == .loading,
      """
      The request is still running (the fake has not answered), so the screen should be \
      .loading; it shows \(during.summary). A request in flight is a state the screen shows \
      for as long as the repository is awaited.
      """
    )

    gate.resume(returning: [Sample.travel])
    try #require(await load.finish())
    let after = screenState(of: viewModel)
    #expect(
      after == .content([Sample.travel]),
      """
      The request finished with "Travel Fund", so loading should end; the screen shows \
      \(after.summary).
      """
    )
  }

  @Test("Loading ends when the request fails", arguments: BankOutage.both)
  func loadingEndsOnFailure(error: BankOutage) async throws {
    let gate = SuspendingAccountsRepository()
    let viewModel = makeAccountsViewModel(repository: gate, analytics: AnalyticsSpy())

    let load = await startLoading(viewModel, through: gate)
    defer { gate.resume(throwing: CancellationError()) }
    try #require(
      load.reachedRepository,
      "The load never asked the injected repository. Do Task 1 first."
    )
    #expect(
      screenState(of: viewModel) == .loading,
      """
      While the request runs the screen should be .loading; it shows \
      \(screenState(of: viewModel).summary).
      """
    )

    gate.resume(throwing: error)
    try #require(await load.finish())
    let after = screenState(of: viewModel)
    #expect(
      after == .failure(message: error.message),
      """
      The request failed, so the screen should leave .loading for .failure; it shows \
      \(after.summary). Is the loading flag cleared only on the success path?
      """
    )
  }

  @Test("Retrying after a failure shows loading again, not the old failure")
  func retryShowsLoadingAgain() async throws {
    let gate = SuspendingAccountsRepository()
    let viewModel = makeAccountsViewModel(repository: gate, analytics: AnalyticsSpy())
    let first = await startLoading(viewModel, through: gate)
    defer { gate.resume(throwing: CancellationError()) }
    try #require(
      first.reachedRepository,
      "The load never asked the injected repository. Do Task 1 first."
    )
    gate.resume(throwing: BankOutage.sessionExpired)
    try #require(await first.finish())

    let retry = await startLoading(viewModel, through: gate)
    try #require(retry.reachedRepository, "The retry never asked the injected repository.")
    let during = screenState(of: viewModel)
    #expect(
      during == .loading,
      """
      The retry's request is running, so the screen should be .loading; it shows \
      \(during.summary). \
      Clear the old failure when a new load starts.
      """
    )

    gate.resume(returning: [])
    try #require(await retry.finish())
    let after = screenState(of: viewModel)
    #expect(after == .empty, "The retry found no accounts; the screen shows \(after.summary).")
  }

  @Test(
    "Reloading after a success shows loading again, not the old answer",
    arguments: [[Sample.travel, Sample.rent], []]
  )
  func reloadAfterSuccessShowsLoading(firstAnswer: [Account]) async throws {
    let gate = SuspendingAccountsRepository()
    let viewModel = makeAccountsViewModel(repository: gate, analytics: AnalyticsSpy())
    let first = await startLoading(viewModel, through: gate)
    defer { gate.resume(throwing: CancellationError()) }
    try #require(
      first.reachedRepository,
      "The load never asked the injected repository. Do Task 1 first."
    )
    gate.resume(returning: firstAnswer)
    try #require(await first.finish())
    let shown = screenState(of: viewModel)

    let reload = await startLoading(viewModel, through: gate)
    try #require(reload.reachedRepository, "The reload never asked the injected repository.")
    let during = screenState(of: viewModel)
    #expect(
      during == .loading,
      """
      The first load showed \(shown.summary); the reload's request is running, so the \
      screen should be .loading; it shows \(during.summary). Every load shows .loading \
      while its request runs, after a success as after a failure.
      """
    )

    gate.resume(returning: [Sample.gifts])
    try #require(await reload.finish())
    let after = screenState(of: viewModel)
    #expect(
      after == .content([Sample.gifts]),
      "The reload answered \"Gifts\"; the screen shows \(after.summary)."
    )
  }

  @Test("A load started while another runs asks again, and each ends once answered")
  func loadDuringAnotherAsksAgain() async throws {
    let gate = SuspendingAccountsRepository()
    let viewModel = makeAccountsViewModel(repository: gate, analytics: AnalyticsSpy())
    let first = await startLoading(viewModel, through: gate)
    defer { gate.resume(throwing: CancellationError()) }
    try #require(
      first.reachedRepository,
      "The load never asked the injected repository. Do Task 1 first."
    )

    // A pull-to-refresh while the first request still runs.
    let second = await startLoading(viewModel, through: gate)
    let during = screenState(of: viewModel)
    gate.resume(returning: [Sample.rent])
    let firstEnded = await first.finish()
    let secondEnded = await second.finish()
    #expect(
      second.reachedRepository,
      """
      A second load started while the first one's request was still running, and it \
      ended without asking the repository (asked \(gate.requestCount) time(s) in all, \
      for two loads). A load started during another is a load like any other: it asks the \
      repository again, and loadAccounts(on:) returns only once its own request has \
      answered. Do not skip it because the screen already shows .loading: the caller that \
      awaits it would go on before anything was loaded.
      """
    )
    try #require(firstEnded && secondEnded)
    #expect(
      during == .loading,
      "Two requests are running, so the screen should be .loading; it shows \(during.summary)."
    )
    let after = screenState(of: viewModel)
    #expect(
      after == .content([Sample.rent]),
      "Both requests answered \"Rent\"; the screen shows \(after.summary)."
    )
  }
}
