/// How one test ended.
public enum TestStatus: String, Sendable, Equatable {
  /// Ran to the end with no issue recorded.
  case passed
  /// Ran to the end with at least one issue (a failed `#expect`, a thrown error).
  case failed
  /// The test process died while this test ran (`fatalError`, a force unwrap of `nil`, …).
  case crashed
  /// Still running when the time limit passed (a deadlock or an endless loop).
  case timedOut
  /// The test process exited normally while this test ran (`exit(0)` in the code under test).
  case exitedEarly
  /// Cancelled before its end (`Test.cancel()`, or code that cancelled the test's task and
  /// the `CancellationError` that followed).
  case cancelled
  /// Never reported a result. Counts as a failure: a test that did not run did not pass.
  case notRun
  /// Skipped by the testing library (a trait disabled it): it checked nothing.
  case skipped

  /// Whether the status counts against the learner: every status but `passed` does, since
  /// only a test that ran to its end with no issue checked what it specifies.
  public var isFailure: Bool { self != .passed }
}

/// Where something is declared or happened, relative to the kata's root when possible.
public struct Location: Sendable, Equatable, Comparable, CustomStringConvertible {
  /// A path such as `Tests/Lesson01TightCouplingTests/Task2Tests.swift`.
  public var file: String
  public var line: Int

  public var description: String { "\(file):\(line)" }

  public static func < (lhs: Location, rhs: Location) -> Bool {
    (lhs.file, lhs.line) < (rhs.file, rhs.line)
  }
}

/// One recorded issue: a failed expectation or a thrown error.
public struct Failure: Sendable, Equatable {
  /// What Swift Testing says, e.g. `Expectation failed: (calls → 0) == 1`.
  public var summary: String
  /// The comments the specification attached: the message meant for the learner.
  public var comments: [String]
  /// Where the expectation is.
  public var location: Location?
}

/// The result of one test.
public struct TestResult: Sendable, Equatable {
  /// Swift Testing's id, e.g. `Lesson01TightCouplingTests.Task2Tests/usesClock()/Task2Tests.swift:14:4`.
  public var id: String
  /// The display name, e.g. `Greeting uses the injected time of day`.
  public var name: String
  public var location: Location
  public var status: TestStatus
  public var failures: [Failure] = []
  /// For a crash, time-out or early exit: what happened, in the learner's terms.
  public var note: String?
  /// What the code printed while this test ran (at most the last 100 lines); when more was
  /// printed, the first element is a notice that starts with ``cutNotice``.
  public var printed: [String] = []

  /// How the notice of lines left out begins.
  static let cutNotice = "… (earlier lines left out"
  /// The last of a test's lines when what it printed next fell in the part of the output
  /// the grader left out.
  static let restCutNotice = "… (the rest left out: the run printed too much)"
}

/// A suite: in this kata, a task.
public struct SuiteInfo: Sendable, Equatable {
  /// Swift Testing's id, e.g. `Lesson01TightCouplingTests.Task2Tests`.
  public var id: String
  /// The display name, e.g. `Task 2 — Inject the clock`.
  public var name: String
  public var location: Location
}

/// Everything one lesson's (or several lessons') test runs produced.
public struct TestRunReport: Sendable {
  public var suites: [SuiteInfo] = []
  public var tests: [TestResult] = []
  /// A problem with the run as a whole (no test ran at all), for the learner to read.
  public var problem: String?
  /// What did not add up in the event stream (a test ended twice, or without starting, or
  /// one the run never declared): results that are not the testing library's own.
  public var inconsistencies: [String] = []
  /// What the grader ended after the tests and why: a test process that did not exit, a
  /// process the tests started that lived on.
  public var notes: [String] = []
  /// What failed outside every test (an issue that names no running test, a crash after the
  /// last test): the tests keep their results, and the lessons it concerns are not done.
  public var outsideTests: [RunFailure] = []
}
