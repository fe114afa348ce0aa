import Lesson02ConstructorInjection
import Testing

@Suite("Task 7 — Attach an optional logger")
@MainActor
struct Task7Tests {
  @Test("Without a logger, a failing load still shows the failure")
  func worksWithoutALogger() async {
    let viewModel = makeAccountsViewModel(
      repository: FakeAccountsRepository(.failure(BankOutage())),
      analytics: AnalyticsSpy()
    )

    await loadAccounts(on: viewModel)

    let state = screenState(of: viewModel)
    #expect(
      state == .failure(message: BankOutage.message),
      """
      No logger was attached and the request failed; the screen should still show \
      .failure("\(BankOutage.message)"), but it shows \(state.summary).
      """
    )
  }

  @Test("An attached logger receives the failure once, with its message")
  func attachedLoggerHearsTheFailure() async {
    let viewModel = makeAccountsViewModel(
      repository: FakeAccountsRepository(.failure(BankOutage())),
      analytics: AnalyticsSpy()
    )
    let logger = LoggerSpy()
    attachLogger(logger, to: viewModel)

    await loadAccounts(on: viewModel)

    let mentions = logger.logged.filter { $0.contains(BankOutage.message) }
    #expect(
      mentions.count == 1,
      """
      The logger attached with attachLogger(_:to:) should get one message that contains \
      "\(BankOutage.message)"; it got \(logger.logged). Is the logger set after init \
      actually the one the load uses?
      """
    )
  }

  @Test("A logger attached to one view model hears nothing from another")
  func loggerBelongsToItsViewModel() async {
    let failing = makeAccountsViewModel(
      repository: FakeAccountsRepository(.failure(BankOutage())),
      analytics: AnalyticsSpy()
    )
    let other = makeAccountsViewModel(
      repository: FakeAccountsRepository(.success([Sample.travel])),
      analytics: AnalyticsSpy()
    )
    let failingLogger = LoggerSpy()
    let otherLogger = LoggerSpy()
    // The failing view model's logger is attached first, so a logger shared by every view
    // model would end up being the other one.
    attachLogger(failingLogger, to: failing)
    attachLogger(otherLogger, to: other)

    await loadAccounts(on: failing)

    let heard = failingLogger.logged.filter { $0.contains(BankOutage.message) }
    let overheard = otherLogger.logged.filter { $0.contains(BankOutage.message) }
    #expect(
      heard.count == 1,
      """
      The view model whose load failed should log the failure to its own logger, once; \
      that logger got \(failingLogger.logged), and the logger of another view model got \
      \(otherLogger.logged). Does attachLogger(_:to:) give the view model the logger?
      """
    )
    #expect(
      overheard.isEmpty,
      """
      Only one view model failed, yet the logger attached to another one heard it: \
      \(otherLogger.logged). Keep the logger in the view model, not in a static.
      """
    )
  }
}
