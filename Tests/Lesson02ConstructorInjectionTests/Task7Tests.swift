import Lesson02ConstructorInjection
import Synchronization
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

  @Test(
    "A logger that only the view model holds still hears the failure",
    arguments: zip([HandedOverLogger.value, .object], BankOutage.both)
  )
  func loggerHeldOnlyByTheViewModelHearsTheFailure(
    kind: HandedOverLogger, error: BankOutage
  ) async {
    let book = LogBook()
    let viewModel = makeAccountsViewModel(
      repository: FakeAccountsRepository(.failure(error)),
      analytics: AnalyticsSpy()
    )
    attachLogger(kind.makeLogger(writingTo: book), to: viewModel)

    await loadAccounts(on: viewModel)

    let mentions = book.lines.filter { $0.contains(error.message) }
    #expect(
      mentions.count == 1,
      """
      The test attached \(kind.described) and kept no reference to it itself, as an app \
      that writes `attachLogger(FileLogger(…), to: viewModel)` does; the load failed with \
      "\(error.message)", and the logger wrote \(book.lines). It should have written that \
      failure once. Once attached, the logger is the view model's: held weakly, like a \
      delegate, it is gone at once and the failure is logged nowhere.
      """
    )
  }

  @Test("A view model that failed is gone once nobody holds it", arguments: BankOutage.both)
  func failedViewModelIsReleased(error: BankOutage) async throws {
    weak var released: AccountsViewModel?
    var heard: [String] = []
    do {
      let logger = LoggerSpy()
      let viewModel = makeAccountsViewModel(
        repository: FakeAccountsRepository(.failure(error)),
        analytics: AnalyticsSpy()
      )
      attachLogger(logger, to: viewModel)
      await loadAccounts(on: viewModel)
      heard = logger.logged
      released = viewModel
    }

    try #require(
      heard.filter { $0.contains(error.message) }.count == 1,
      """
      This test checks that a view model is freed after a failed load, but its logger got \
      \(heard) instead of one message containing "\(error.message)". Make "An attached \
      logger receives the failure once, with its message" pass first.
      """
    )
    #expect(
      released == nil,
      """
      The view model loaded, failed with "\(error.message)", and the test dropped it; but \
      it is still alive, with its repository, tracker and logger. Something holds it: \
      most often a closure it stores (a `lazy var` or a property set in init) that \
      captures `self` strongly, a retain cycle. A view model lives as long as its screen: \
      capture `[weak self]`, or do the work in a method instead of a stored closure.
      """
    )
  }

  @Test(
    "A view model that loaded accounts is gone once nobody holds it",
    arguments: [[Sample.travel, Sample.rent], []]
  )
  func loadedViewModelIsReleased(accounts: [Account]) async throws {
    weak var released: AccountsViewModel?
    var shown = AccountsScreenState.idle
    do {
      let viewModel = makeAccountsViewModel(
        repository: FakeAccountsRepository(.success(accounts)),
        analytics: AnalyticsSpy()
      )
      attachLogger(LoggerSpy(), to: viewModel)
      await loadAccounts(on: viewModel)
      shown = screenState(of: viewModel)
      released = viewModel
    }

    let expected: AccountsScreenState = accounts.isEmpty ? .empty : .content(accounts)
    try #require(
      shown == expected,
      """
      This test checks that a view model is freed after a successful load, but the load of \
      \(accounts.map(\.name)) showed \(shown.summary) instead of \(expected.summary). Make \
      Tasks 2 and 4 pass first.
      """
    )
    #expect(
      released == nil,
      """
      The view model loaded \(accounts.map(\.name)) and the test dropped it; but it is still \
      alive, with its repository, tracker and logger. Something holds it: most often a \
      closure it stores (a `lazy var` that shows the accounts, a property set in init) that \
      captures `self` strongly, a retain cycle. Every screen that ever loaded would leak: \
      capture `[weak self]`, or do the work in a method instead of a stored closure.
      """
    )
  }

  @Test(
    "A logger attached after failures hears only the failures that follow",
    arguments: [
      (BankOutage.maintenance, BankOutage.sessionExpired), (.sessionExpired, .maintenance),
    ]
  )
  func loggerHearsNoFailureFromBeforeIt(before: BankOutage, after: BankOutage) async {
    let repository = FakeAccountsRepository(.failure(before))
    let viewModel = makeAccountsViewModel(repository: repository, analytics: AnalyticsSpy())
    await loadAccounts(on: viewModel)
    await loadAccounts(on: viewModel)
    let logger = LoggerSpy()

    attachLogger(logger, to: viewModel)
    let heardAtOnce = logger.logged
    repository.answer(.failure(after))
    await loadAccounts(on: viewModel)

    #expect(
      heardAtOnce.isEmpty && logger.logged.count == 1
        && logger.logged.allSatisfy { $0.contains(after.message) },
      """
      Two loads failed with "\(before.message)" while no logger was attached; then a \
      logger was attached (it heard \(heardAtOnce) at once), and a third load failed with \
      "\(after.message)". In all, the logger heard \(logger.logged); it should hear one \
      message, the third load's. Without a logger, a failure goes to the silent default and \
      is gone: an optional collaborator's default does nothing, and keeps nothing to replay \
      (a screen that never gets a logger would hold every failure for as long as it lives).
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

  @Test("The same failure twice is logged twice", arguments: BankOutage.both)
  func sameFailureTwiceIsLoggedTwice(error: BankOutage) async {
    let viewModel = makeAccountsViewModel(
      repository: FakeAccountsRepository(.failure(error)),
      analytics: AnalyticsSpy()
    )
    let logger = LoggerSpy()
    attachLogger(logger, to: viewModel)

    await loadAccounts(on: viewModel)
    await loadAccounts(on: viewModel)

    let mentions = logger.logged.filter { $0.contains(error.message) }
    #expect(
      mentions.count == 2,
      """
      Two loads failed, both with "\(error.message)"; the logger should have one message for \
      each, two in all, and got \(logger.logged). Each failed load is logged, even when it \
      failed as the one before: the log is where someone debugging counts the failures.
      """
    )
  }

  @Test("A logger attached in place of another takes over; the first hears no more")
  func attachingAnotherLoggerReplacesTheFirst() async {
    let repository = FakeAccountsRepository(.failure(.maintenance))
    let viewModel = makeAccountsViewModel(repository: repository, analytics: AnalyticsSpy())
    let first = LoggerSpy()
    let second = LoggerSpy()

    attachLogger(first, to: viewModel)
    await loadAccounts(on: viewModel)
    attachLogger(second, to: viewModel)
    repository.answer(.failure(.sessionExpired))
    await loadAccounts(on: viewModel)

    let firstHeard = first.logged.filter {
      $0.contains(BankOutage.maintenance.message) || $0.contains(BankOutage.sessionExpired.message)
    }
    let secondHeard = second.logged.filter {
      $0.contains(BankOutage.maintenance.message) || $0.contains(BankOutage.sessionExpired.message)
    }
    #expect(
      firstHeard.count == 1 && firstHeard.allSatisfy { $0.contains(BankOutage.maintenance.message) }
        && secondHeard.count == 1
        && secondHeard.allSatisfy { $0.contains(BankOutage.sessionExpired.message) },
      """
      A first logger was attached and a load failed ("\(BankOutage.maintenance.message)"); \
      then a second logger was attached to the same view model and a load failed again \
      ("\(BankOutage.sessionExpired.message)"). The first logger should hear only the first \
      failure and got \(first.logged); the second only the second, and got \(second.logged). \
      Attaching a logger says where messages go from now on: it replaces the one before, \
      it is not added to it.
      """
    )
  }

  @Test("A new view model never logs to a logger attached to one that is gone")
  func aNewViewModelLogsToNoGoneLogger() async {
    // Many rounds, so that a new view model surely lands at the address of a gone one:
    // whatever is looked up by that address (an ObjectIdentifier) would be found again.
    for round in 1...20 {
      let goneLogger = LoggerSpy()
      let freshRepository = FakeAccountsRepository(.failure(.sessionExpired))
      let freshAnalytics = AnalyticsSpy()
      do {
        let gone = makeAccountsViewModel(
          repository: FakeAccountsRepository(.failure(.maintenance)),
          analytics: AnalyticsSpy()
        )
        attachLogger(goneLogger, to: gone)
        await loadAccounts(on: gone)
      }
      let fresh = makeAccountsViewModel(repository: freshRepository, analytics: freshAnalytics)
      await loadAccounts(on: fresh)

      let overheard = goneLogger.logged.filter { $0.contains(BankOutage.sessionExpired.message) }
      #expect(
        overheard.isEmpty,
        """
        Round \(round): a view model with a logger attached failed and was released; then a \
        new view model, with no logger attached, failed with \
        "\(BankOutage.sessionExpired.message)", and the released one's logger heard it: \
        \(overheard). A logger belongs to the view model it was attached to and goes with it: \
        kept in a table of its own (by ObjectIdentifier, say), it outlives the view model and \
        is found again by the next one built at the same address.
        """
      )
      if !overheard.isEmpty { break }
    }
  }
}

/// A kind of logger the test hands over and does not keep.
enum HandedOverLogger: Sendable, CustomTestStringConvertible {
  /// A struct, as `ConsoleLogger` and `SilentLogger` are.
  case value
  /// An object that nobody else holds.
  case object

  var testDescription: String { described }

  var described: String {
    switch self {
    case .value: "a logger that is a struct"
    case .object: "a logger that is an object"
    }
  }

  func makeLogger(writingTo book: LogBook) -> any AccountsLogger {
    switch self {
    case .value: ValueLogger(book: book)
    case .object: ObjectLogger(book: book)
    }
  }
}

/// Where the loggers the test does not keep write: the test keeps only this.
final class LogBook: Sendable {
  private let written = Mutex<[String]>([])

  var lines: [String] { written.withLock { $0 } }

  func write(_ line: String) { written.withLock { $0.append(line) } }
}

private struct ValueLogger: AccountsLogger {
  let book: LogBook

  func log(_ message: String) { book.write(message) }
}

private final class ObjectLogger: AccountsLogger {
  let book: LogBook

  init(book: LogBook) { self.book = book }

  func log(_ message: String) { book.write(message) }
}
