import Foundation
import Lesson02ConstructorInjection
import Synchronization
import Testing

@Suite("Task 8 — Adapt the bank's SDK to the screen's protocol", .ownOutsideWorld)
struct Task8Tests {
  @Test(
    "Each record becomes an account, in the bank's order",
    arguments: [BankRecordSet.family, .student, .edges, .sharedNumbers]
  )
  func recordsBecomeAccounts(set: BankRecordSet) async {
    let server = ScriptedBankServer(
      .success(BankAccountsResponse(statusCode: 200, records: set.records)))
    let repository = makeLiveAccountsRepository(sdk: server.makeSDK(host: "api.example-bank.com"))

    let outcome = await fetch(from: repository)

    expectAsked(server, times: 1, after: "one fetch")
    expectAccounts(outcome, equal: set, after: "200")
  }

  @Test(
    "Every 2xx status is a success",
    arguments: zip(
      [200, 201, 202, 204, 206, 226, 250, 299],
      [BankRecordSet.student, .family, .edges, .family, .student, .noAccounts, .edges, .family])
  )
  func every2xxIsASuccess(status: Int, set: BankRecordSet) async {
    let server = ScriptedBankServer(
      .success(BankAccountsResponse(statusCode: status, records: set.records)))
    let repository = makeLiveAccountsRepository(sdk: server.makeSDK(host: "api.example-bank.com"))

    let outcome = await fetch(from: repository)

    expectAsked(server, times: 1, after: "one fetch")
    expectAccounts(outcome, equal: set, after: "\(status)")
  }

  @Test(
    "A status outside 2xx is a failure the screen can show",
    arguments: [0, 2, 20, 100, 199, 300, 302, 304, 400, 401, 404, 418, 500, 503, 599, 2000, 2503]
  )
  func otherStatusesAreFailures(status: Int) async {
    let server = ScriptedBankServer(
      .success(BankAccountsResponse(statusCode: status, records: BankRecordSet.family.records)))
    let repository = makeLiveAccountsRepository(sdk: server.makeSDK(host: "api.example-bank.com"))

    let outcome = await fetch(from: repository)

    expectAsked(server, times: 1, after: "one fetch")
    expectScreenFailure(outcome, after: "status \(status) with \(BankRecordSet.family.names)")
    expectNotOffline(outcome, after: "status \(status)")
    expectNoHost("api.example-bank.com", in: outcome, after: "status \(status)")
    if case .failure(let thrown) = outcome, let shown = thrown as? AccountsUnavailable {
      let technical = ["HTTP", "status code"] + (status >= 100 ? [String(status)] : [])
      let found = technical.filter { shown.message.localizedCaseInsensitiveContains($0) }
      #expect(
        found.isEmpty,
        """
        The SDK answered status \(status), and the screen would show "\(shown.message)", \
        which speaks of \(found): the protocol's words, written for logs and support tools. \
        The customer reads a sentence in the screen's words, whatever went wrong below.
        """
      )
    }
  }

  @Test(
    "An error of the SDK is a failure the screen can show",
    arguments: [
      BankSDKError.offline, .timedOut(seconds: 30),
      .certificatePinningFailed(host: "api.example-bank.com"),
    ]
  )
  func sdkErrorsAreFailures(error: BankSDKError) async {
    let server = ScriptedBankServer(.failure(error))
    let repository = makeLiveAccountsRepository(sdk: server.makeSDK(host: "api.example-bank.com"))

    let outcome = await fetch(from: repository)

    expectAsked(server, times: 1, after: "one fetch")
    expectScreenFailure(outcome, after: "the error \(error)")
    expectNoHost("api.example-bank.com", in: outcome, after: "the error \(error)")
    if error != .offline, case .failure(let thrown) = outcome,
      let shown = thrown as? AccountsUnavailable
    {
      #expect(
        !shown.message.localizedCaseInsensitiveContains("offline"),
        """
        The SDK threw \(error), and the screen would show "\(shown.message)". That is not \
        the device's connection: a time-out is a bank too slow to answer, and a certificate \
        the SDK refuses comes from a host that did answer. Telling the customer to check a \
        connection that works sends them the wrong way: only BankSDKError.offline means \
        offline.
        """
      )
    }
    if case .failure(let thrown) = outcome, let shown = thrown as? AccountsUnavailable {
      #expect(
        !shown.message.contains("BankSDKError"),
        """
        The SDK threw \(error), and the screen would show "\(shown.message)": the SDK's \
        technical message, written for logs. The customer reads a sentence in the screen's \
        words, whatever went wrong below.
        """
      )
    }
  }

  @Test("Building the repository sends nothing; each fetch asks the SDK once")
  func buildingSendsNothingAndEachFetchAsksOnce() async {
    let host = "api.family-bank.test"
    let server = ScriptedBankServer(
      .success(BankAccountsResponse(statusCode: 200, records: BankRecordSet.family.records)))
    let sdk = server.makeSDK(host: host)

    let repository = makeLiveAccountsRepository(sdk: sdk)
    await giveBackgroundWorkTime(toReach: server)

    expectContacts([.connection(host: host)], after: "building the repository over the SDK")
    expectAsked(server, times: 0, after: "building the repository, before any fetch")
    _ = await fetch(from: repository)
    expectAsked(server, times: 1, after: "one fetch")
    _ = await fetch(from: repository)
    expectAsked(server, times: 2, after: "two fetches")
    expectContacts(
      [.connection(host: host), .accountsRequest(host: host), .accountsRequest(host: host)],
      after: "building the repository and fetching twice"
    )
  }

  @Test(
    "A failed request is not retried",
    arguments: [
      Result<BankAccountsResponse, BankSDKError>.failure(.timedOut(seconds: 30)),
      .failure(.offline),
      .success(BankAccountsResponse(statusCode: 503, records: [])),
    ]
  )
  func failureIsNotRetried(answer: Result<BankAccountsResponse, BankSDKError>) async {
    let server = ScriptedBankServer(answer)
    let repository = makeLiveAccountsRepository(sdk: server.makeSDK(host: "api.example-bank.com"))

    let outcome = await fetch(from: repository)

    expectScreenFailure(outcome, after: describe(answer))
    #expect(
      server.requests == 1,
      """
      One fetch that failed (\(describe(answer))) asked the SDK \(server.requests) time(s); \
      expected once. The adapter reports the failure and stops: whether to ask again is the \
      customer's choice on the screen, and a retry hidden below doubles the load on a bank \
      that is already struggling.
      """
    )
  }

  @Test(
    "After a success, a failure is a failure, not the accounts of before",
    arguments: [
      Result<BankAccountsResponse, BankSDKError>.failure(.offline),
      .failure(.timedOut(seconds: 30)),
      .success(BankAccountsResponse(statusCode: 503, records: [])),
      .success(BankAccountsResponse(statusCode: 404, records: BankRecordSet.student.records)),
    ]
  )
  func failureAfterSuccessIsAFailure(second: Result<BankAccountsResponse, BankSDKError>) async {
    let server = ScriptedBankServer(
      .success(BankAccountsResponse(statusCode: 200, records: BankRecordSet.family.records)))
    let repository = makeLiveAccountsRepository(sdk: server.makeSDK(host: "api.example-bank.com"))

    let first = await fetch(from: repository)
    server.answer(second)
    let outcome = await fetch(from: repository)

    expectAccounts(first, equal: .family, after: "200 on the first fetch")
    expectAsked(server, times: 2, after: "two fetches")
    expectScreenFailure(
      outcome,
      after:
        "\(describe(second)) on the second fetch, after a 200 with \(BankRecordSet.family.names)",
      also: """
        The accounts of an earlier answer are not this answer's: the customer would see \
        yesterday's balances as today's, with no sign that the bank did not answer.
        """
    )
  }

  @Test(
    "Fetching again asks the SDK again and maps its new answer",
    arguments: [
      Result<BankAccountsResponse, BankSDKError>.success(
        BankAccountsResponse(statusCode: 200, records: BankRecordSet.family.records)),
      .failure(.offline),
      .success(BankAccountsResponse(statusCode: 500, records: BankRecordSet.family.records)),
    ]
  )
  func fetchingAgainAsksAgain(first: Result<BankAccountsResponse, BankSDKError>) async {
    let server = ScriptedBankServer(first)
    let repository = makeLiveAccountsRepository(sdk: server.makeSDK(host: "api.example-bank.com"))

    _ = await fetch(from: repository)
    server.answer(
      .success(BankAccountsResponse(statusCode: 200, records: BankRecordSet.student.records)))
    let second = await fetch(from: repository)

    expectAsked(server, times: 2, after: "two fetches (the first answer was \(describe(first)))")
    expectAccounts(
      second, equal: .student,
      after: "200 on the second fetch (the first answer was \(describe(first)))")
  }

  @Test("Two repositories over two SDKs each use their own")
  func twoRepositoriesUseTheirOwnSDK() async {
    let familyServer = ScriptedBankServer(
      .success(BankAccountsResponse(statusCode: 200, records: BankRecordSet.family.records)))
    let studentServer = ScriptedBankServer(
      .success(BankAccountsResponse(statusCode: 200, records: BankRecordSet.student.records)))
    let family = makeLiveAccountsRepository(sdk: familyServer.makeSDK(host: "api.family-bank.test"))
    let student = makeLiveAccountsRepository(
      sdk: studentServer.makeSDK(host: "api.student-bank.test"))

    // The second is asked first, so that neither "the first SDK ever given" nor "the last
    // one" passes.
    let studentOutcome = await fetch(from: student)
    let familyOutcome = await fetch(from: family)

    #expect(
      familyServer.requests == 1 && studentServer.requests == 1,
      """
      Each repository fetched once, so each SDK should have been asked once; the family \
      bank's was asked \(familyServer.requests) time(s), the student bank's \
      \(studentServer.requests). Each repository keeps the SDK it was built with: is one \
      kept somewhere shared (a static, a global)?
      """
    )
    expectAccounts(studentOutcome, equal: .student, after: "200 from the student bank's SDK")
    expectAccounts(familyOutcome, equal: .family, after: "200 from the family bank's SDK")
    expectContacts(
      [
        .connection(host: "api.family-bank.test"), .connection(host: "api.student-bank.test"),
        .accountsRequest(host: "api.student-bank.test"),
        .accountsRequest(host: "api.family-bank.test"),
      ],
      after: "building two repositories over two SDKs and fetching once from each"
    )
  }
}

extension Task8Tests {
  @Test(
    "A balance that cannot be read is a failure, not 0 and not an account left out",
    arguments: ["", "n/a", "12", "12.5", "1.234", "1e3", "1,240.50", "12.50 EUR", "12abc"]
  )
  func unreadableBalanceIsAFailure(balance: String) async {
    await expectUnreadable(
      balance,
      because: """
        The SDK promises a two-decimal amount; a balance that is not one cannot be read, and \
        the repository cannot know what the account holds. Shown as 0.00, it tells the \
        customer their money is gone; left out, it hides an account they have. Neither is \
        true: the screen can only say that the accounts cannot be shown.
        """)
  }

  @Test(
    "A balance not exactly in the SDK's format is a failure (a space, a sign, a comma, a point)",
    arguments: [
      // NB: no line break in an argument: Swift Testing prints it raw, splitting its own
      // console line, and the grader then reads the rest as the test's printed output.
      " 12.50", "12.50 ", "12.50\t", "1 240.50", "12,50", "-0,45", "1.-5", "1.+5", "-1.-5",
      "+12.50", "--1.00", ".50", "-.50", "12.", "-", "1.2.34", "1..00", "12.5.0", "١٢.٥٠",
    ]
  )
  func balanceOutsideTheFormatIsAFailure(balance: String) async {
    await expectUnreadable(
      balance,
      because: """
        The SDK's format is exact: an optional leading "-", one or more digits 0-9, a point, \
        and two digits 0-9, nothing else. A balance outside it is an answer the bank did not \
        promise, and a guess at what it means (trimming a space, reading a comma as a \
        point, taking a "+" or a sign after the point, dropping a second point) can show an \
        amount the account does not hold. Check every character before reading it: \
        Int("+12") and Int("-5") accept a sign, Double("12.50") and Decimal accept more than \
        the format.
        """)
  }

  /// Sends `balance` as the middle one of three records and expects the fetch to fail as
  /// the screen's error, with a sentence that neither says offline nor quotes the balance.
  private func expectUnreadable(
    _ balance: String,
    because why: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    let records = [
      BankRecordSet.family.records[0],
      BankAccountRecord(accountNumber: "sav-77", displayName: "Holiday Savings", balance: balance),
      BankRecordSet.family.records[1],
    ]
    let server = ScriptedBankServer(
      .success(BankAccountsResponse(statusCode: 200, records: records)))
    let repository = makeLiveAccountsRepository(sdk: server.makeSDK(host: "api.example-bank.com"))

    let outcome = await fetch(from: repository)

    expectAsked(server, times: 1, after: "one fetch")
    expectScreenFailure(
      outcome,
      after:
        "200 with \(records.map(\.displayName)), the balance of \"Holiday Savings\" being \"\(balance)\"",
      also: why,
      sourceLocation: sourceLocation
    )
    expectNotOffline(
      outcome, after: "200 with a record whose balance is \"\(balance)\"",
      because: "It sent a balance that is not a two-decimal amount, but it did answer.",
      sourceLocation: sourceLocation)
    let raw = balance.trimmingCharacters(in: .whitespacesAndNewlines)
    if raw.count >= 3, case .failure(let thrown) = outcome,
      let shown = thrown as? AccountsUnavailable
    {
      #expect(
        !shown.message.contains(raw),
        """
        The SDK sent the balance "\(balance)", and the screen would show "\(shown.message)", \
        which quotes it. That string is the vendor's data, in the vendor's format: to the \
        customer it means nothing, or something alarming. Say in the screen's words that the \
        accounts cannot be shown; the raw field belongs in a log, not on the screen.
        """,
        sourceLocation: sourceLocation
      )
    }
  }

  @Test("A fetch does not wait for another repository's fetch that is still running")
  func fetchDoesNotWaitForAnotherRepository() async {
    let slowServer = ScriptedBankServer(
      .success(BankAccountsResponse(statusCode: 200, records: BankRecordSet.family.records)))
    let fastServer = ScriptedBankServer(
      .success(BankAccountsResponse(statusCode: 200, records: BankRecordSet.student.records)))
    let held = ServerGate()
    let slow = makeLiveAccountsRepository(
      sdk: slowServer.makeSDK(host: "api.family-bank.test", heldUntil: held))
    let fast = makeLiveAccountsRepository(sdk: fastServer.makeSDK(host: "api.student-bank.test"))

    let slowFetch = Task { await fetch(from: slow) }
    await wait(atMost: .seconds(5)) { slowServer.requests > 0 }
    let fastEnded = FirstAnswer()
    let fastFetch = Task {
      let outcome = await fetch(from: fast)
      fastEnded.give(true)
      return outcome
    }
    let limit = Task {
      try? await Task.sleep(for: .seconds(5))
      fastEnded.give(false)
    }
    let endedWhileHeld = await fastEnded.wait()
    limit.cancel()
    held.open()
    let slowOutcome = await slowFetch.value
    let fastOutcome = await fastFetch.value

    #expect(
      endedWhileHeld,
      """
      The family bank's SDK was still answering its request when the student bank's \
      repository fetched; that fetch had not ended seconds later (its SDK was asked \
      \(fastServer.requests) time(s) by then; it answers at once). Two repositories over two \
      SDKs are independent: a fetch waits for its own SDK, not in a line shared by every \
      repository (a static queue, a global lock, a shared actor).
      """
    )
    expectAccounts(slowOutcome, equal: .family, after: "200 from the family bank's SDK")
    expectAccounts(fastOutcome, equal: .student, after: "200 from the student bank's SDK")
  }

  @Test("Two repositories fetching at the same time each ask their own SDK, even on one host")
  func simultaneousFetchesUseTheirOwnSDK() async {
    let host = "api.example-bank.com"
    let familyServer = ScriptedBankServer(
      .success(BankAccountsResponse(statusCode: 200, records: BankRecordSet.family.records)))
    let studentServer = ScriptedBankServer(
      .success(BankAccountsResponse(statusCode: 200, records: BankRecordSet.student.records)))
    let family = makeLiveAccountsRepository(
      sdk: familyServer.makeSDK(host: host, answeringOnceAsked: studentServer))
    let student = makeLiveAccountsRepository(
      sdk: studentServer.makeSDK(host: host, answeringOnceAsked: familyServer))

    async let familyFetch = fetch(from: family)
    async let studentFetch = fetch(from: student)
    let (familyOutcome, studentOutcome) = await (familyFetch, studentFetch)

    #expect(
      familyServer.requests == 1 && studentServer.requests == 1,
      """
      Two repositories over two SDKs of one host fetched at the same time; each SDK should \
      have been asked once. The family bank's was asked \(familyServer.requests) time(s), the \
      student bank's \(studentServer.requests). A fetch in flight belongs to its repository: \
      one shared between repositories (by host, in a static) answers with another SDK's data.
      """
    )
    expectAccounts(familyOutcome, equal: .family, after: "200 from the family bank's SDK")
    expectAccounts(studentOutcome, equal: .student, after: "200 from the student bank's SDK")
  }
}

extension Task8Tests {
  @Test(
    "Two fetches at the same time on one repository each ask the SDK and map their own answer",
    arguments: [(BankRecordSet.family, BankRecordSet.student), (.edges, .noAccounts)]
  )
  func simultaneousFetchesOnOneRepositoryEachAsk(
    first: BankRecordSet, second: BankRecordSet
  ) async {
    let server = ScriptedBankServer(answering: [
      .success(BankAccountsResponse(statusCode: 200, records: first.records)),
      .success(BankAccountsResponse(statusCode: 200, records: second.records)),
    ])
    let repository = makeLiveAccountsRepository(
      sdk: server.makeSDK(host: "api.example-bank.com", answeringOnceAsked: 2))

    async let one = fetch(from: repository)
    async let other = fetch(from: repository)
    let outcomes = await [one, other].map(described)

    let expected = [first.expected, second.expected].map { "\($0)" }
    #expect(
      server.requests == 2 && outcomes.sorted() == expected.sorted(),
      """
      Two fetches ran at the same time on one repository; the SDK should have been asked \
      twice, and each fetch should return the accounts of its own request: one \
      \(first.expected), the other \(second.expected) (id | name | cents). The SDK was asked \
      \(server.requests) time(s), and the fetches returned \
      \(outcomes.joined(separator: " and ")). Each fetch asks the SDK once: a fetch that \
      waits for another one's request instead returns an answer to a question asked before \
      it (before a transfer, say). Whether an answer is fresh enough is not the adapter's \
      call.
      """
    )
  }

  @Test(
    "The repository keeps no answer of the bank in a stored property",
    arguments: [BankRecordSet.family, .student]
  )
  func repositoryKeepsNoAnswer(set: BankRecordSet) async {
    let server = ScriptedBankServer(
      .success(BankAccountsResponse(statusCode: 200, records: set.records)))
    let repository = makeLiveAccountsRepository(sdk: server.makeSDK(host: "api.example-bank.com"))

    let outcome = await fetch(from: repository)
    let kept = answerKept(in: repository)

    expectAccounts(outcome, equal: set, after: "200")
    #expect(
      kept.isEmpty,
      """
      After a fetch, the repository holds \(kept.joined(separator: ", ")) in a stored \
      property. Fetches of one repository run at the same time (a pull to refresh while \
      the screen loads, two screens over one repository), and each must map the answer to \
      its own request: an answer written to a property the fetches share can be read by \
      the other fetch, and is a data race unless guarded (`@unchecked Sendable` only hides \
      it). Keep each answer in a local of the fetch that asked for it; the adapter needs \
      nothing but its SDK.
      """
    )
  }
}

// MARK: - Samples

/// Records as the bank's SDK sends them, and the accounts the screen expects from them,
/// written out by hand.
struct BankRecordSet: Sendable, CustomTestStringConvertible {
  let label: String
  let records: [BankAccountRecord]
  /// `id | name | cents`, one line per account, in the bank's order.
  let expected: [String]

  var testDescription: String { label }
  var names: [String] { records.map(\.displayName) }

  // Sorted neither by number, nor by name, nor by balance; "19.99" is 1998.9999… cents
  // in a Double.
  static let family = BankRecordSet(
    label: "three family accounts",
    records: [
      BankAccountRecord(accountNumber: "sav-204", displayName: "House Deposit", balance: "19.99"),
      BankAccountRecord(
        accountNumber: "chk-118", displayName: "Joint Checking", balance: "15230.07"),
      BankAccountRecord(accountNumber: "crd-311", displayName: "Credit Card", balance: "-245.30"),
    ],
    expected: [
      "sav-204 | House Deposit | 1999", "chk-118 | Joint Checking | 1523007",
      "crd-311 | Credit Card | -24530",
    ]
  )

  static let student = BankRecordSet(
    label: "two student accounts",
    records: [
      BankAccountRecord(accountNumber: "stu-9", displayName: "Student Saver", balance: "0.07"),
      BankAccountRecord(accountNumber: "abc-1", displayName: "Books", balance: "1240.50"),
    ],
    expected: ["stu-9 | Student Saver | 7", "abc-1 | Books | 124050"]
  )

  // A balance between -1 and 0 keeps its sign; 30000000.01 is past an Int32 of cents and
  // a Float's precision (which reads it as 3000000000); 90071992547409.93 is past 2^53
  // cents, where a Double, rounded or not, reads ...994; an empty account is still an
  // account; names stay as the customer typed them, whatever their case, length or spaces,
  // and an empty one stays empty.
  static let edges = BankRecordSet(
    label: "seven accounts with edge balances and names",
    records: [
      BankAccountRecord(accountNumber: "ln-77", displayName: "my ISA", balance: "-0.45"),
      BankAccountRecord(
        accountNumber: "inv-5", displayName: "Household Emergency Fund", balance: "30000000.01"),
      BankAccountRecord(accountNumber: "gft-2", displayName: "Gift Card", balance: "0.00"),
      BankAccountRecord(accountNumber: "jnt-4", displayName: "  Joint  Account ", balance: "12.00"),
      BankAccountRecord(accountNumber: "crd-9", displayName: "Store Card", balance: "-1000.00"),
      BankAccountRecord(
        accountNumber: "fnd-1", displayName: "Pension Fund", balance: "90071992547409.93"),
      BankAccountRecord(accountNumber: "new-6", displayName: "", balance: "5.00"),
    ],
    expected: [
      "ln-77 | my ISA | -45", "inv-5 | Household Emergency Fund | 3000000001",
      "gft-2 | Gift Card | 0", "jnt-4 |   Joint  Account  | 1200", "crd-9 | Store Card | -100000",
      "fnd-1 | Pension Fund | 9007199254740993", "new-6 |  | 500",
    ]
  )

  // Two records with one account number: the bank's answer, each record an account (the
  // screen shows both, Task 2); which one is "right" is not the adapter's to decide.
  static let sharedNumbers = BankRecordSet(
    label: "four accounts, two of them with one account number",
    records: [
      BankAccountRecord(accountNumber: "jnt-4", displayName: "Joint Account", balance: "310.00"),
      BankAccountRecord(accountNumber: "sav-8", displayName: "Rainy Day", balance: "75.25"),
      BankAccountRecord(
        accountNumber: "jnt-4", displayName: "Joint Account (EUR)", balance: "-8.40"),
      BankAccountRecord(accountNumber: "sav-8", displayName: "Rainy Day", balance: "75.25"),
    ],
    expected: [
      "jnt-4 | Joint Account | 31000", "sav-8 | Rainy Day | 7525",
      "jnt-4 | Joint Account (EUR) | -840", "sav-8 | Rainy Day | 7525",
    ]
  )

  static let noAccounts = BankRecordSet(label: "no accounts", records: [], expected: [])
}

// MARK: - A scripted server behind a real SDK

/// The bank's server as a test scripts it: answers each request of the `BankSDK` it makes
/// with what the test set, and counts the requests.
final class ScriptedBankServer: Sendable {
  private struct State {
    /// The answer to each request in turn; the last one answers every request after it.
    var answers: [Result<BankAccountsResponse, BankSDKError>]
    var requests = 0
  }
  private let state: Mutex<State>

  init(_ answer: Result<BankAccountsResponse, BankSDKError>) {
    state = Mutex(State(answers: [answer]))
  }

  /// A server that answers its first request with the first of `answers`, its second with
  /// the second, and so on; the last answers every request after it.
  init(answering answers: [Result<BankAccountsResponse, BankSDKError>]) {
    state = Mutex(State(answers: answers))
  }

  /// How many requests reached this server.
  var requests: Int { state.withLock { $0.requests } }

  /// Changes what the next requests get.
  func answer(_ answer: Result<BankAccountsResponse, BankSDKError>) {
    state.withLock { $0.answers = [answer] }
  }

  /// A real `BankSDK`, connected to `host`, whose requests this server answers.
  ///
  /// - Parameter other: When given, each answer waits until `other` has been asked too (for
  ///   a second at most), so that two fetches are surely in flight at the same time.
  func makeSDK(host: String, answeringOnceAsked other: ScriptedBankServer? = nil) -> BankSDK {
    BankSDK(host: host) { () async throws(BankSDKError) -> BankAccountsResponse in
      let answer = self.count()
      if let other {
        await wait(atMost: .seconds(1)) { other.requests > 0 }
      }
      return try answer.get()
    }
  }

  /// A real `BankSDK`, connected to `host`, whose every answer waits until the test opens
  /// `gate` (ten seconds at most, so a forgotten gate cannot hang the run).
  func makeSDK(host: String, heldUntil gate: ServerGate) -> BankSDK {
    BankSDK(host: host) { () async throws(BankSDKError) -> BankAccountsResponse in
      let answer = self.count()
      await wait(atMost: .seconds(10)) { gate.isOpen }
      return try answer.get()
    }
  }

  /// A real `BankSDK`, connected to `host`, whose every answer waits until `requests`
  /// requests have reached this server (five seconds at most), so that that many fetches
  /// are surely in flight at the same time.
  func makeSDK(host: String, answeringOnceAsked requests: Int) -> BankSDK {
    BankSDK(host: host) { () async throws(BankSDKError) -> BankAccountsResponse in
      let answer = self.count()
      await wait(atMost: .seconds(5)) { self.requests >= requests }
      return try answer.get()
    }
  }

  private func count() -> Result<BankAccountsResponse, BankSDKError> {
    state.withLock { state in
      state.requests += 1
      return state.answers[min(state.requests, state.answers.count) - 1]
    }
  }
}

/// Holds a scripted server's answers until the test opens it.
final class ServerGate: Sendable {
  private let opened = Mutex(false)

  /// Whether the server may answer.
  var isOpen: Bool { opened.withLock { $0 } }

  /// Lets every held answer, and every later one, through.
  func open() { opened.withLock { $0 = true } }
}

// MARK: - Each test in a world of its own

/// Gives each test an empty `OutsideWorld` of its own, so that the test can read, in
/// `OutsideWorld.current`, exactly what its SDKs sent.
struct OwnOutsideWorld: SuiteTrait, TestTrait, TestScoping {
  var isRecursive: Bool { true }

  func provideScope(
    for test: Test,
    testCase: Test.Case?,
    performing function: @Sendable () async throws -> Void
  ) async throws {
    try await OutsideWorld.$current.withValue(OutsideWorld()) {
      try await function()
    }
  }
}

extension Trait where Self == OwnOutsideWorld {
  /// Each test gets an empty `OutsideWorld` of its own.
  static var ownOutsideWorld: Self { Self() }
}

// MARK: - Checks

private func fetch(from repository: any AccountsRepository) async -> Result<[Account], any Error> {
  do {
    return .success(try await repository.fetchAccounts())
  } catch {
    return .failure(error)
  }
}

/// Gives work that `init` started in the background (a `Task` nobody awaits) time to reach
/// the server: returns as soon as a request arrives, or after half a second.
private func giveBackgroundWorkTime(toReach server: ScriptedBankServer) async {
  await wait(atMost: .milliseconds(500)) { server.requests > 0 }
}

/// Returns as soon as `condition` holds, or once `limit` has passed.
private func wait(atMost limit: Duration, until condition: () -> Bool) async {
  let clock = ContinuousClock()
  let deadline = clock.now.advanced(by: limit)
  while !condition(), clock.now < deadline {
    try? await Task.sleep(for: .milliseconds(5))
  }
}

private func lines(_ accounts: [Account]) -> [String] {
  accounts.map { "\($0.id) | \($0.name) | \($0.balanceInCents)" }
}

/// A fetch's outcome in a message: its accounts as `id | name | cents` lines, or its error.
private func described(_ outcome: Result<[Account], any Error>) -> String {
  switch outcome {
  case .success(let accounts): "\(lines(accounts))"
  case .failure(let error): "an error, \(type(of: error)) (\"\(error)\")"
  }
}

private func describe(_ answer: Result<BankAccountsResponse, BankSDKError>) -> String {
  switch answer {
  case .success(let response): "status \(response.statusCode)"
  case .failure(let error): "the error \(error)"
  }
}

private func expectAsked(
  _ server: ScriptedBankServer,
  times expected: Int,
  after what: String,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  #expect(
    server.requests == expected,
    """
    After \(what), the SDK given to makeLiveAccountsRepository(sdk:) was asked \
    \(server.requests) time(s); expected \(expected). The adapter gets the accounts from \
    the SDK it is given, once per fetch, and from nowhere else: not at creation, not from \
    a list of its own, not twice.
    """,
    sourceLocation: sourceLocation
  )
}

private func expectAccounts(
  _ outcome: Result<[Account], any Error>,
  equal set: BankRecordSet,
  after answer: String,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  switch outcome {
  case .failure(let error):
    Issue.record(
      """
      The SDK answered \(answer) with \(set.names), and the repository threw \
      \(type(of: error)) ("\(error)"). Every 2xx status means the bank did what was asked, \
      and each record it sent is an account; the screen should get them.
      """,
      sourceLocation: sourceLocation
    )
  case .success(let accounts):
    let got = lines(accounts)
    var concept =
      "Each record becomes one Account, in the bank's order: its account number as id, "
      + "its display name as name, as the customer typed it, its balance in cents "
      + "(\"19.99\" is 1999)."
    if got.count == set.expected.count, zip(got, set.expected).contains(where: { $0 != $1 }),
      Set(got) == Set(set.expected)
    {
      concept += " The accounts are all there, in another order: keep the bank's."
    } else if accounts.map(\.id) == set.records.map(\.accountNumber) {
      concept += " Ids and order are right; look at the names and the balances."
    } else if got.count < set.expected.count {
      concept +=
        " \(set.expected.count - got.count) record(s) are missing: every record the bank "
        + "sent is an account, two with one account number too."
    }
    #expect(
      got == set.expected,
      """
      The SDK answered \(answer) with records \(set.records.map { "\($0.accountNumber) \"\($0.displayName)\" \($0.balance)" }); \
      the repository returned \(got), expected \(set.expected) (id | name | cents). \(concept)
      """,
      sourceLocation: sourceLocation
    )
  }
}

private func expectScreenFailure(
  _ outcome: Result<[Account], any Error>,
  after answer: String,
  also: String = "",
  sourceLocation: SourceLocation = #_sourceLocation
) {
  switch outcome {
  case .success(let accounts):
    Issue.record(
      """
      The SDK answered \(answer), and the repository returned \(accounts.count) account(s) \
      (\(accounts.map(\.name))) as if all was well. Only a 2xx status is a success; any other \
      status, and any error of the SDK, is a failure the screen must show, not a list \
      (nor an empty one).\(also.isEmpty ? "" : " " + also)
      """,
      sourceLocation: sourceLocation
    )
  case .failure(let error):
    guard let shown = error as? AccountsUnavailable else {
      Issue.record(
        """
        The SDK answered \(answer), and the repository threw \(type(of: error)): \(error). \
        The screen knows its own errors, not the SDK's: report the failure as the error \
        declared beside AccountsRepository, AccountsUnavailable, with a message for the \
        customer.
        """,
        sourceLocation: sourceLocation
      )
      return
    }
    #expect(
      !shown.message.trimmingCharacters(in: .whitespaces).isEmpty,
      """
      The SDK answered \(answer), and the repository threw AccountsUnavailable with an \
      empty message: the screen would show nothing. The message is what the customer reads.
      """,
      sourceLocation: sourceLocation
    )
    #expect(
      shown.message.trimmingCharacters(in: .whitespaces).contains(" "),
      """
      The SDK answered \(answer), and the screen would show "\(shown.message)": one word, \
      or a key for a translation table, not a sentence. The message is shown as it is; \
      write the sentence the customer reads.
      """,
      sourceLocation: sourceLocation
    )
  }
}

/// Checks that a failure after an answer of the bank does not tell the customer they are
/// offline.
private func expectNotOffline(
  _ outcome: Result<[Account], any Error>,
  after answer: String,
  because why: String = "",
  sourceLocation: SourceLocation = #_sourceLocation
) {
  guard case .failure(let thrown) = outcome, let shown = thrown as? AccountsUnavailable else {
    return
  }
  #expect(
    !shown.message.localizedCaseInsensitiveContains("offline"),
    """
    The SDK answered \(answer), and the screen would show "\(shown.message)". \
    \(why.isEmpty ? "" : why + " ")The bank answered, so the device is online: telling the \
    customer to check a connection that works sends them the wrong way. Only \
    BankSDKError.offline means offline.
    """,
    sourceLocation: sourceLocation
  )
}

private func expectContacts(
  _ expected: [OutsideContact],
  after what: String,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let got = OutsideWorld.current.contacts.map(\.description)
  let wanted = expected.map(\.description)
  #expect(
    got == wanted,
    """
    After \(what), the outside world heard \(got); expected \(wanted). Only the SDK the test gave may talk to the bank, and \
    only when asked: no SDK of the adapter's own, no request at creation, one per fetch.
    """,
    sourceLocation: sourceLocation
  )
}

/// Checks that the customer's sentence does not name the host the SDK is connected to.
private func expectNoHost(
  _ host: String,
  in outcome: Result<[Account], any Error>,
  after answer: String,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  guard case .failure(let thrown) = outcome, let shown = thrown as? AccountsUnavailable else {
    return
  }
  #expect(
    !shown.message.localizedCaseInsensitiveContains(host),
    """
    The SDK connected to \(host) answered \(answer), and the screen would show \
    "\(shown.message)", which names the host. The host is the SDK's configuration, chosen by \
    the composition root and written in the SDK's log text: the customer cannot act on it. \
    Say in the screen's words what happened and what they can do.
    """,
    sourceLocation: sourceLocation
  )
}

/// The answers of the bank (responses, records, accounts) found among the stored
/// properties reachable from `repository`, a few levels deep, as "name: type" lines.
private func answerKept(in repository: Any) -> [String] {
  var found: [String] = []
  var visited = Set<ObjectIdentifier>()
  func look(at value: Any, path: String, depth: Int) {
    guard depth < 5 else { return }
    switch value {
    case is BankAccountsResponse, is BankAccountRecord, is [BankAccountRecord], is Account,
      is [Account]:
      found.append("\(path) (\(type(of: value)))")
      return
    default:
      break
    }
    let mirror = Mirror(reflecting: value)
    if mirror.displayStyle == .class {
      guard visited.insert(ObjectIdentifier(value as AnyObject)).inserted else { return }
    }
    var current: Mirror? = mirror
    while let level = current {
      for child in level.children {
        look(at: child.value, path: path + "." + (child.label ?? "?"), depth: depth + 1)
      }
      current = level.superclassMirror
    }
  }
  look(at: repository, path: "repository", depth: 0)
  return found
}
