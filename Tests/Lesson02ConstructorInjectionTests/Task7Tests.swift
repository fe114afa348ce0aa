import Lesson02ConstructorInjection
import Testing

@Suite("Task 7 — Attach an optional logger", .noLiveObjects)
@MainActor
struct Task7Tests {
  @Test("Without a logger, a failing load still shows the failure", arguments: BankOutage.both)
  func worksWithoutALogger(error: BankOutage) async {
    let viewModel = makeAccountsViewModel(
      repository: FakeAccountsRepository(.failure(error)),
      analytics: AnalyticsSpy()
    )

    await loadAccounts(on: viewModel)

    let state = screenState(of: viewModel)
    #expect(
      state == .failure(message: error.message),
      """
      No logger was attached and the request failed; the screen should still show \
      .failure("\(error.message)"), but it shows \(state.summary).
      """
    )
  }

  @Test(
    "An attached logger receives the failure once, with its message", arguments: BankOutage.both)
  func attachedLoggerHearsTheFailure(error: BankOutage) async {
    let viewModel = makeAccountsViewModel(
      repository: FakeAccountsRepository(.failure(error)),
      analytics: AnalyticsSpy()
    )
    let logger = LoggerSpy()
    attachLogger(logger, to: viewModel)

    await loadAccounts(on: viewModel)

    let mentions = logger.logged.filter { $0.contains(error.message) }
    #expect(
      mentions.count == 1,
      """
      The logger attached with attachLogger(_:to:) should get one message that contains \
      "\(error.message)"; it got \(logger.logged). The message comes from the error that \
      was thrown; is the logger set after init actually the one the load uses?
      """
    )
  }

  @Test("A logger attached while a load runs hears that load's failure", arguments: BankOutage.both)
  func loggerAttachedDuringTheLoadHearsTheFailure(error: BankOutage) async throws {
    let gate = SuspendingAccountsRepository()
    let viewModel = makeAccountsViewModel(repository: gate, analytics: AnalyticsSpy())
    let load = await startLoading(viewModel, through: gate)
    defer { gate.resume(throwing: CancellationError()) }
    try #require(
      load.reachedRepository,
      "The load never asked the injected repository. Do Task 1 first."
    )

    let logger = LoggerSpy()
    attachLogger(logger, to: viewModel)
    gate.resume(throwing: error)
    try #require(await load.finish())

    let mentions = logger.logged.filter { $0.contains(error.message) }
    #expect(
      mentions.count == 1,
      """
      The logger was attached while the request ran, and then the request failed with \
      "\(error.message)"; the logger got \(logger.logged). The failure happened after the \
      logger was attached, so it should hear it once. Does the load use a copy of the logger \
      taken when it started (or in init) instead of the property at the moment it logs? \
      That is the temporal coupling property injection brings.
      """
    )
  }

  @Test("A view model without a logger borrows no other view model's")
  func noLoggerBorrowsNone() async {
    let withLogger = makeAccountsViewModel(
      repository: FakeAccountsRepository(.failure(.maintenance)),
      analytics: AnalyticsSpy()
    )
    let withoutLogger = makeAccountsViewModel(
      repository: FakeAccountsRepository(.failure(.sessionExpired)),
      analytics: AnalyticsSpy()
    )
    let logger = LoggerSpy()
    attachLogger(logger, to: withLogger)

    await loadAccounts(on: withLogger)
    await loadAccounts(on: withoutLogger)

    let overheard = logger.logged.filter { $0.contains(BankOutage.sessionExpired.message) }
    #expect(
      overheard.isEmpty,
      """
      A logger was attached to one view model only; the other, with none, failed too, and \
      its failure reached that logger: \(overheard). A view model without a logger logs \
      nowhere; it does not fall back to a logger attached to another one.
      """
    )
  }

  @Test("A logger attached to one view model hears nothing from another")
  func loggerBelongsToItsViewModel() async {
    let first = makeAccountsViewModel(
      repository: FakeAccountsRepository(.failure(.maintenance)),
      analytics: AnalyticsSpy()
    )
    let second = makeAccountsViewModel(
      repository: FakeAccountsRepository(.failure(.sessionExpired)),
      analytics: AnalyticsSpy()
    )
    let firstLogger = LoggerSpy()
    let secondLogger = LoggerSpy()
    attachLogger(firstLogger, to: first)
    attachLogger(secondLogger, to: second)

    await loadAccounts(on: first)
    await loadAccounts(on: second)

    let firstHeard = firstLogger.logged.filter { $0.contains(BankOutage.maintenance.message) }
    let secondHeard = secondLogger.logged.filter {
      $0.contains(BankOutage.sessionExpired.message)
    }
    #expect(
      firstHeard.count == 1 && secondHeard.count == 1,
      """
      Both view models failed, each with its own error; each should log its failure to its \
      own logger, once. The first logger got \(firstLogger.logged); the second got \
      \(secondLogger.logged). Does attachLogger(_:to:) give that view model its own logger \
      (not one kept in a static, not only the first one attached)?
      """
    )
    let overheard =
      firstLogger.logged.filter { $0.contains(BankOutage.sessionExpired.message) }
      + secondLogger.logged.filter { $0.contains(BankOutage.maintenance.message) }
    #expect(
      overheard.isEmpty,
      """
      A logger heard the other view model's failure: \(overheard). Keep the logger in the \
      view model, not in a static.
      """
    )
  }

  @Test(
    "Each failed load is logged, the second as the first",
    arguments: [
      (BankOutage.maintenance, BankOutage.sessionExpired), (.sessionExpired, .maintenance),
    ]
  )
  func everyFailureIsLogged(first: BankOutage, then second: BankOutage) async {
    let repository = FakeAccountsRepository(.failure(first))
    let viewModel = makeAccountsViewModel(repository: repository, analytics: AnalyticsSpy())
    let logger = LoggerSpy()
    attachLogger(logger, to: viewModel)

    await loadAccounts(on: viewModel)
    repository.answer(.failure(second))
    await loadAccounts(on: viewModel)

    let firstHeard = logger.logged.filter { $0.contains(first.message) }
    let secondHeard = logger.logged.filter { $0.contains(second.message) }
    #expect(
      firstHeard.count == 1 && secondHeard.count == 1,
      """
      Two loads failed, with "\(first.message)" and then "\(second.message)"; the logger \
      should have one message for each, and got \(logger.logged). Log every failed load, \
      not only the first.
      """
    )
  }
}
