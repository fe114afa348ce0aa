import Foundation

/// Runs already-built tests with `swift test --skip-build` and the JSON event stream, and
/// keeps going when the code under test crashes, hangs or exits early.
///
/// Tests run one at a time (`--no-parallel`), so the test in flight when the process dies or
/// the time limit passes is known exactly. After such an ending the runner starts the test
/// process again for the tests that have no result yet, so one crash never hides the rest.
struct TestRunner {
  /// Whether an issue's comment is a `//` or `/* */` comment from the test's source.
  ///
  /// Swift Testing attaches the source comments written just above an `#expect` to its
  /// issues; they are notes for the tests' readers, and would repeat or pre-empt the
  /// message written for the learner, so the report leaves them out.
  static func isSourceComment(_ text: String) -> Bool {
    let start = text.drop { $0 == " " || $0 == "\t" }
    return start.hasPrefix("//") || start.hasPrefix("/*")
  }

  /// The kata's root.
  var root: URL
  /// Variables that pick what was built (`KATA_SOURCE`, `KATA_LESSONS`).
  var environment: [String: String]
  /// The build folder the tests were built in.
  var scratchPath: String
  /// How long one test may run before it counts as hung.
  var timeLimit: Double
  /// Where to put the event stream files.
  var workFolder: URL
  /// Ctrl-C: the test process is stopped.
  var interruption: Interruption
  /// After this many hung tests the rest are not run: one endless loop in shared code would
  /// otherwise make every test wait out the time limit, one after another.
  var maxTimeouts = 2
  /// Where a SwiftPM started by the learner keeps its locks (see ``Grading``).
  var learnersTemporaryFolder: URL?
  /// How long the test process may live on after its last test before it is stopped.
  static let exitGrace = 5.0
  /// How long the test process may go without starting a test (its start, a slow suite
  /// initializer) before it counts as stuck.
  var startLimit: Double { max(timeLimit, 60) }
  /// The longest the grader's looks at a running test process may be apart (they come every
  /// 50 ms) before the time between them counts as a pause of the grader's, not the tests'.
  static let lookGap: TimeInterval = 2
  /// Told the name of each test as it starts (a progress line on a terminal).
  var progress: ((String) -> Void)?
  /// The test modules to run. The test binary holds every lesson the last build compiled
  /// (the overview builds all six and tests only those started), so the run names them.
  var testModules: [String] = []
  /// Only this suite (a type name, `Task3Tests`) of each test module, when set.
  var onlySuite: String?
  /// Each built module's folder relative to the root (lesson and test modules), to place
  /// the runtime's own crash message when there is no backtrace.
  var moduleFolders: [String: String] = [:]

  /// The start of the name of each run's own folder in the work folder.
  static let runFolderPrefix = "run-"

  /// Removes the folders of earlier runs that could not remove their own (a grader killed
  /// with `kill -9`). Called under the run lock, so no other run of this kata uses one.
  static func removeLeftoverRuns(in workFolder: URL) {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: workFolder.path)) ?? []
    for name in names where name.hasPrefix(runFolderPrefix) {
      try? FileManager.default.removeItem(at: workFolder.appending(path: name))
    }
  }

  /// Runs every test of the build, starting the test process again after a crash, a hang or
  /// an early exit, until each test has a result.
  func run() throws(GraderError) -> TestRunReport {
    // The event stream goes to a folder made for this run only, with a name nobody can
    // know in advance and only this user may enter: code in the test process can no longer
    // write results to a fixed path before the testing library does. (It can still read the
    // path from its own arguments; the checks of `RunState` catch what that would forge.)
    Self.removeLeftoverRuns(in: workFolder)
    let eventsFolder = workFolder.appending(path: Self.runFolderPrefix + UUID().uuidString)
    do {
      try FileManager.default.createDirectory(
        at: eventsFolder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    } catch {
      throw .buildFolderDamaged(Paths.relative(eventsFolder.path, to: root))
    }
    defer { try? FileManager.default.removeItem(at: eventsFolder) }
    var state = RunState()
    var remaining: [String]? = nil
    var attempt = 0
    while true {
      attempt += 1
      let before = state.results.count
      let ending = try runOnce(
        attempt: attempt, only: remaining, eventsFolder: eventsFolder, state: &state)
      let left = state.functionOrder.filter { state.results[$0] == nil }
      if ending == .finished || left.isEmpty { break }
      let hung = state.results.values.filter { $0.status == .timedOut }.count
      if hung >= maxTimeouts {
        let note =
          "Not run: \(hung) tests already hung, so the grader stopped here. Fix the hang first "
          + "(see the tests marked [timed out]), then grade again."
        for id in left { state.record(id, status: .notRun, note: note) }
        break
      }
      if state.results.count == before {
        // No progress: the process dies before reaching any test. Report, do not loop.
        for id in left { state.record(id, status: .notRun, note: ending.note) }
        break
      }
      remaining = left
    }
    for id in state.functionOrder where state.results[id] == nil {
      state.record(id, status: .notRun, note: "The test process ended without reporting this test.")
    }
    var report = TestRunReport()
    report.inconsistencies = state.inconsistencies
    report.notes = state.notes
    report.outsideTests = state.outsideTests
    report.suites = state.suiteOrder.compactMap { state.suites[$0] }
    report.tests = state.functionOrder.compactMap { state.results[$0] }
    if report.tests.isEmpty {
      report.problem = state.lastEnding?.note ?? "No tests ran."
    }
    return report
  }

  private enum Ending: Equatable {
    case finished
    case crashed(String)
    case exitedEarly(String)
    case timedOut(String)
    /// Stopped while no test ran: it never started the next one.
    case stalled(String)

    var note: String {
      switch self {
      case .finished: return ""
      case .crashed(let note), .exitedEarly(let note), .timedOut(let note), .stalled(let note):
        return note
      }
    }
  }

  private func runOnce(
    attempt: Int, only ids: [String]?, eventsFolder: URL, state: inout RunState
  ) throws(GraderError) -> Ending {
    // Another `swift build` may have taken the folder since the build: say so, not wait mute.
    // (Whatever the grader left there was ended when the build did.)
    try SwiftPMLock.waitWhileHeld(
      scratch: root.appending(path: scratchPath), root: root,
      learnersTemporaryFolder: learnersTemporaryFolder, endingLeftovers: false,
      interruption: interruption)
    let recordedBefore = Set(state.results.keys)
    state.startedOrder = []
    state.issuesThisAttempt = 0
    let eventsURL = eventsFolder.appending(path: "events-\(attempt).jsonl")
    _ = FileManager.default.createFile(
      atPath: eventsURL.path, contents: nil, attributes: [.posixPermissions: 0o600])
    var arguments = Self.arguments(scratchPath: scratchPath, events: eventsURL.path)
    if let ids {
      for id in ids { arguments += ["--filter", Self.exactPattern(id)] }
    } else {
      for module in testModules {
        arguments += ["--filter", Self.modulePattern(module, suite: onlySuite)]
      }
    }
    var env = environment
    // The learner's own frame in a crash report needs the backtracer. Its report goes to a
    // file, so it neither mixes with what the tests print nor has to be parsed out of it.
    let backtraces = workFolder.appending(path: "backtraces-\(attempt)")
    try? FileManager.default.removeItem(at: backtraces)
    try? FileManager.default.createDirectory(at: backtraces, withIntermediateDirectories: true)
    env["SWIFT_BACKTRACE"] = Self.backtraceSetting(folder: backtraces, root: root)
    // Printed lines in order with Swift Testing's own (Tests/KataOrderedOutput).
    env["KATA_GRADER_OUTPUT"] = "merged"
    // Tests run in a time zone far from UTC, so code that shifts the real clock by the
    // machine's zone fails on every machine, not only on those away from UTC (CI is on UTC).
    env["TZ"] = Self.timeZone
    var child = ChildProcess(
      arguments: arguments, environment: env, directory: root, interruption: interruption)
    // Swift Testing's console settings (SWT_ENABLE_EXPERIMENTAL_CONSOLE_OUTPUT and the like)
    // change the lines the grader reads to place each test's output: they are the grader's.
    child.inheritedVariablesLeftOut = ["SWT_"]
    child.mark = ProcessMarks.mark(forBuildFolder: root.appending(path: scratchPath))
    child.temporaryFolder = workFolder.appending(path: "tmp")
    let reader = GrowingFileReader(url: eventsURL)
    var timedOut: String?
    var lingered: String?
    var lastEvent = Date()
    var lastLook = Date()
    let decoder = JSONDecoder()
    var announced: String?
    let outcome = try child.run {
      // The grader looks every 50 ms. A longer gap is time it was stopped (Ctrl-Z, then `fg`;
      // a laptop asleep), and the test process with it: no test's time, nor quiet time.
      let now = Date()
      let gap = now.timeIntervalSince(lastLook) - Self.lookGap
      lastLook = now
      if gap > 0 {
        lastEvent += gap
        state.inFlight = state.inFlight.mapValues { $0 + gap }
      }
      let lines = reader.newLines()
      if !lines.isEmpty { lastEvent = Date() }
      for line in lines { state.apply(line, decoder: decoder, root: root) }
      // No test runs: the process must end, or start the next test, within a bound.
      if state.inFlight.isEmpty {
        let quiet = Date().timeIntervalSince(lastEvent)
        if state.runEnded, quiet > Self.exitGrace {
          lingered =
            "The test process did not exit within \(Int(Self.exitGrace)) s after its last test "
            + "(an exit handler, atexit, that does not return? a thread that keeps it alive?); "
            + "it was stopped. The tests that finished keep their results."
          return .stop
        }
        if !state.runEnded, quiet > startLimit {
          lingered =
            "The test process started no test for \(Int(startLimit)) s"
            + (state.startedOrder.isEmpty ? "" : " after its last one")
            + ", so the grader stopped it: does code that runs before a test (a suite's "
            + "initializer, a global) wait forever?"
          return .stop
        }
      }
      if let progress, let running = state.inFlight.keys.first, running != announced {
        announced = running
        progress(state.functions[running]?.name ?? running)
      }
      if let (id, started) = state.inFlight.min(by: { $0.value < $1.value }),
        Date().timeIntervalSince(started) > timeLimit
      {
        timedOut = id
        return .stop
      }
      return .keepWaiting
    }
    for line in reader.newLines() { state.apply(line, decoder: decoder, root: root) }
    if interruption.requested { throw .interrupted }
    // Kept beside the event stream, for whoever needs to see what the tests printed, raw.
    try? outcome.output.write(
      to: workFolder.appending(path: "output-\(attempt).txt"), atomically: true, encoding: .utf8)

    if outcome.leftovers > 0 || outcome.outputLeftOpen {
      let count = outcome.leftovers == 1 ? "A process" : "\(outcome.leftovers) processes"
      state.notes.append(
        (outcome.leftovers > 0
          ? "\(count) the tests started still ran after the test process ended"
          : "Something the tests started kept their output open after the test process ended")
          + (outcome.outputLeftOpen ? ", keeping its output open" : "")
          + "; the grader stopped \(outcome.leftovers == 1 ? "it" : "them"). Does the code start a "
          + "process (Process, a shell command) and not wait for it?")
    }
    let ending: Ending
    if let lingered, state.runEnded {
      // Processes the tests left running explain the wait (noted above); an exit handler or a
      // thread would be a second, wrong guess.
      if outcome.leftovers == 0 && !outcome.outputLeftOpen { state.notes.append(lingered) }
      ending = .finished
    } else if let lingered {
      for id in state.inFlight.keys { state.record(id, status: .timedOut, note: lingered) }
      ending = .stalled(lingered)
    } else if let id = timedOut {
      let seconds = Int(timeLimit.rounded())
      // Only a failure in this same process can have left a lock held.
      let earlierFailure = state.results.contains { id, result in
        !recordedBefore.contains(id) && result.status.isFailure
      }
      let aftermath =
        earlierFailure
        ? " If a test before it failed, that failure may have left a lock held or a thread stuck: fix it first."
        : ""
      let note =
        "Still running after \(seconds) s, so the grader stopped it: a deadlock or an endless loop? (Change the limit with --timeout.)"
        + aftermath
      state.record(id, status: .timedOut, note: note)
      ending = .timedOut(note)
    } else if state.runEnded {
      // The results are in, but the process may still have failed on its way out.
      if let failure = failureAfterLastTest(outcome, backtraces: backtraces, state: state) {
        state.outsideTests.append(failure)
      }
      ending = .finished
    } else if outcome.signalled || CrashLog.looksLikeCrash(outcome.output) {
      let crash = CrashLog(
        output: outcome.output, backtraces: backtraces, root: root, moduleFolders: moduleFolders)
      for id in state.inFlight.keys {
        let leftover = Self.leftoverWorkNote(
          crash: crash, testFile: state.functions[id]?.location.file,
          earlierTestRan: state.startedOrder.first.map { $0 != id } ?? false)
        state.record(
          id, status: .crashed,
          note: [crash.summary, leftover].compactMap { $0 }.joined(separator: " "))
      }
      ending = .crashed(crash.summary)
    } else if state.inFlight.isEmpty, outcome.status != 0,
      let said = outcome.output.split(separator: "\n").last(where: { $0.hasPrefix("error: ") })
    {
      // No test was running: `swift test` itself gave up, and says why.
      let note = "`swift test` stopped (status \(outcome.status)): \(said.dropFirst(7))"
      ending = .crashed(note)
    } else if outcome.status != 0 {
      // SwiftPM reports a test process's SIGKILL, SIGTERM or SIGINT with status 1 and no
      // message (it takes them for the user's doing); exit(1) in the code looks the same.
      let note =
        "The test process was killed before this test finished, with no crash message: most likely "
        + "by SIGKILL, which the system's out-of-memory killer sends when the code uses too much "
        + "memory (or by SIGTERM or SIGINT, from another program or from the code itself). Look "
        + "for endless allocation, a signal the code sends, or a call to exit() with a status "
        + "other than 0 (status \(outcome.status))."
      for id in state.inFlight.keys { state.record(id, status: .crashed, note: note) }
      ending = .crashed(note)
    } else {
      let note =
        "The test process exited (status \(outcome.status)) before this test finished. Does the code call exit()?"
      for id in state.inFlight.keys { state.record(id, status: .exitedEarly, note: note) }
      ending = .exitedEarly(note)
    }
    let started = state.startedOrder.compactMap { id in state.functions[id].map { (id, $0.name) } }
    state.attach(
      ProgramOutput.byID(in: outcome.output, started: started),
      to: Set(state.results.keys).subtracting(recordedBefore))
    state.inFlight.removeAll()
    state.lastEnding = ending == .finished ? nil : ending
    return ending
  }

  /// How the test process failed after its last test, or `nil` when it ended cleanly.
  ///
  /// Once the run's end is in the stream the tests have their results, but the process can
  /// still crash on its way out (an exit handler registered with `atexit`, a global's
  /// deinitializer, work a test left running) or be killed: Swift Testing's own summary then
  /// says the run passed while `swift test` fails, and the learner's code did it. A crash
  /// shows in SwiftPM's line for the test process (`exited with unexpected signal code`);
  /// anything else in a failing status, but only when no issue was recorded, since
  /// `swift test` fails for a failed test too.
  ///
  /// - Parameters:
  ///   - outcome: How `swift test` ended, and what it printed.
  ///   - backtraces: The folder the backtracer wrote its report to.
  ///   - state: What the run has learned, for the issues and tests of this attempt.
  private func failureAfterLastTest(
    _ outcome: ChildOutcome, backtraces: URL, state: RunState
  ) -> RunFailure? {
    let cleanUp =
      "Code that runs as the process ends (an exit handler registered with atexit, a global's "
      + "deinitializer) or work a test left running (a Task, a thread) did it. The tests keep "
      + "their results, but the lesson is not done until the process ends cleanly."
    // The line is SwiftPM's only when `swift test` failed: a test that prints it does not
    // make a run that ended with status 0 a crash.
    let signalLine = outcome.status != 0 && outcome.output.contains("with unexpected signal code")
    if outcome.signalled || signalLine {
      let crash = CrashLog(
        output: outcome.output, backtraces: backtraces, root: root, moduleFolders: moduleFolders)
      let what = crash.message.map { ": \($0)" } ?? ""
      let place = crash.frame.map { " (at \($0))" } ?? ""
      return RunFailure(
        kind: .processEnd(
          "The test process crashed after its last test\(what)\(place). \(cleanUp)"),
        place: crash.frame)
    }
    guard outcome.status != 0, state.issuesThisAttempt == 0, !state.startedOrder.isEmpty else {
      return nil
    }
    return RunFailure(
      kind: .processEnd(
        "The test process failed after its last test, though no test failed (`swift test` "
          + "ended with status \(outcome.status)): it was killed (SwiftPM reports SIGKILL and "
          + "SIGTERM so) or called exit() with a status other than 0. \(cleanUp)"),
      place: nil)
  }

  /// What a crash note adds when the crash may have been in work an earlier test left
  /// running, or `nil`.
  ///
  /// Tests run one at a time, so a crash is pinned on the test in flight; but a task or a
  /// thread that an earlier test started and did not wait for can crash at any time. When
  /// the crashed thread's backtrace has no frame in the test's own file, the crash was not in
  /// code that test called directly, and the report says who else it may be. Without a
  /// backtrace (macOS, see ``backtraceSetting(folder:root:onDarwin:)``), or when no test ran
  /// before it in the same process, there is nothing to say.
  ///
  /// - Parameters:
  ///   - crash: The crash, read from the output and the backtracer's report.
  ///   - testFile: The crashed test's file, relative to the kata's root.
  ///   - earlierTestRan: Whether another test ran before it in the same test process.
  static func leftoverWorkNote(crash: CrashLog, testFile: String?, earlierTestRan: Bool)
    -> String?
  {
    guard earlierTestRan, crash.hasBacktrace, let testFile,
      !crash.frames.contains(where: { $0.hasPrefix(testFile + ":") })
    else { return nil }
    return
      "No frame of this test's code is in the crashed thread's backtrace: the crash was in "
      + "work running on its own (a Task, a thread), which an earlier test may have started "
      + "and left running."
  }

  /// The time zone the tests run in: UTC+5:45, whole hours and minutes away from UTC.
  static let timeZone = "Asia/Kathmandu"

  /// `swift test` for tests already built, one at a time, reporting to the event stream.
  static func arguments(scratchPath: String, events: String) -> [String] {
    [
      // Only Swift Testing: the kata has no XCTest tests, and XCTest's test listing reads
      // standard output, which the grader's test processes send elsewhere.
      "swift", "test", "--skip-build", "--no-parallel", "--disable-xctest",
      // The same build system as the build (see Builder.arguments).
      "--build-system", "native", "--scratch-path", scratchPath,
      "--event-stream-output-path", events, "--event-stream-version", "0",
    ]
  }

  /// The `SWIFT_BACKTRACE` value for the test process, or `nil` where the backtracer
  /// cannot run.
  ///
  /// On macOS SwiftPM runs Swift Testing inside `swiftpm-testing-helper`, a hardened,
  /// signed binary: the runtime counts it as privileged and turns the backtracer off with
  /// "swift runtime: backtrace-on-crash is not supported for privileged executables"
  /// (swiftlang/swift, stdlib/public/runtime/Backtrace.cpp, `isPrivileged`), and macOS 15's
  /// own runtime has no `output-to`. There the runtime's one-line message is what places a
  /// crash (``CrashLog``), so the variable is left unset rather than asking for a warning.
  static func backtraceSetting(folder: URL, root: URL? = nil, onDarwin: Bool = Platform.isDarwin)
    -> String?
  {
    if onDarwin { return nil }
    var setting =
      "enable=yes,interactive=no,color=no,threads=crashed,registers=none,images=none,sanitize=no"
    // A comma would end the setting early: then the folder is named relative to the kata's
    // root, the test process's working folder (a kata at `~/Code/DI, kata` has no comma
    // below it). With a comma there too, the report goes to standard error instead.
    var path = folder.path
    if path.contains(","), let root { path = Paths.relative(path, to: root) }
    if !path.contains(",") { setting += ",output-to=\(path)" }
    return setting
  }

  /// A `--filter` pattern that matches exactly one test id.
  static func exactPattern(_ id: String) -> String {
    "^" + escaped(id) + "$"
  }

  /// A `--filter` pattern that matches every test of a test module (`Module.Suite/test()`),
  /// or of one suite of it.
  static func modulePattern(_ module: String, suite: String? = nil) -> String {
    "^" + escaped(module) + "\\." + (suite.map { escaped($0) + "(/|$)" } ?? "")
  }

  /// `text` with the characters a regular expression gives a meaning escaped.
  private static func escaped(_ text: String) -> String {
    let special = Set("\\^$.|?*+()[]{}")
    var pattern = ""
    for character in text {
      if special.contains(character) { pattern.append("\\") }
      pattern.append(character)
    }
    return pattern
  }

  /// What the runner has learned from the event streams so far.
  private struct RunState {
    var suites: [String: SuiteInfo] = [:]
    var suiteOrder: [String] = []
    var functions: [String: (name: String, location: Location)] = [:]
    var functionOrder: [String] = []
    var results: [String: TestResult] = [:]
    var failures: [String: [Failure]] = [:]
    var inFlight: [String: Date] = [:]
    /// The tests of the current attempt, in the order they started.
    var startedOrder: [String] = []
    /// Tests a `testCancelled` or `testCaseCancelled` event named.
    var cancelled: Set<String> = []
    /// Event kinds from a newer schema, by the test they named.
    var unknownKinds: [String: [String]] = [:]
    var runEnded = false
    var lastEnding: Ending?
    /// Tests whose `testEnded` arrived, and what in the stream did not add up.
    var ended: Set<String> = []
    var inconsistencies: [String] = []
    /// What failed outside every test: issues that name no running test, a bad exit.
    var outsideTests: [RunFailure] = []
    /// How many issues (not known ones) this attempt's test process recorded: `swift test`
    /// fails for any of them.
    var issuesThisAttempt = 0
    /// What the grader ended after the tests, and why (each said once).
    var notes: [String] = [] {
      didSet {
        notes = notes.reduce(into: []) { kept, note in if !kept.contains(note) { kept.append(note) }
        }
      }
    }

    /// Gives each test of this attempt the lines printed while it ran, by its id.
    mutating func attach(_ printed: [String: [String]], to ids: Set<String>) {
      for id in ids {
        guard var result = results[id], let lines = printed[id] else { continue }
        // Swift Testing prints a multi-line message's later lines without a symbol; they are
        // the test's words, not the learner's.
        let ownWords = Set(
          result.failures.flatMap { [$0.summary] + $0.comments }
            .flatMap { $0.split(separator: "\n") }
            .map { $0.trimmingCharacters(in: .whitespaces) })
        let learners = lines.filter { !ownWords.contains($0.trimmingCharacters(in: .whitespaces)) }
        result.printed = Array(learners.suffix(100))
        if learners.count > 100 {
          let notice = learners.first.flatMap { $0.hasPrefix(TestResult.cutNotice) ? $0 : nil }
          result.printed[0] =
            notice ?? TestResult.cutNotice + ": it printed \(learners.count) lines)"
        }
        results[id] = result
      }
    }

    /// Fails a test that has ended with an issue that names it: work the test started (a
    /// `Task`, which carries its test along, a callback) ran on after it and reached a check.
    ///
    /// - Parameters:
    ///   - failure: The issue.
    ///   - id: The test it names, whose result is in.
    mutating func addLate(_ failure: Failure, to id: String) {
      guard var result = results[id] else { return }
      result.failures.append(failure)
      if result.status == .passed { result.status = .failed }
      let late =
        "An issue was recorded after this test ended: work it started (a Task, a thread, a "
        + "timer) ran on after it and reached a check of the tests."
      if result.note?.contains(late) != true {
        result.note = [result.note, late].compactMap { $0 }.joined(separator: " ")
      }
      results[id] = result
    }

    mutating func record(_ id: String, status: TestStatus, note: String? = nil) {
      guard let function = functions[id] else { return }
      inFlight[id] = nil
      var note = note
      if let unknown = unknownKinds[id] {
        let names = unknown.joined(separator: ", ")
        note = [
          note, "The testing library also reported events this grader does not know: \(names).",
        ]
        .compactMap { $0 }.joined(separator: " ")
      }
      results[id] = TestResult(
        id: id, name: function.name, location: function.location, status: status,
        failures: failures[id] ?? [], note: note)
    }

    mutating func apply(_ line: Data, decoder: JSONDecoder, root: URL) {
      guard let entry = try? decoder.decode(StreamRecord.self, from: line) else { return }
      switch entry {
      case .test(let test):
        guard let source = test.sourceLocation else { return }
        let location = Self.location(source, root: root)
        let name = test.displayName ?? test.name ?? test.id
        if test.kind == "suite" {
          if suites[test.id] == nil { suiteOrder.append(test.id) }
          suites[test.id] = SuiteInfo(id: test.id, name: name, location: location)
        } else {
          if functions[test.id] == nil { functionOrder.append(test.id) }
          functions[test.id] = (name, location)
        }
      case .event(let event):
        apply(event, root: root)
      case .unknown:
        // A record kind from a newer schema: it names no test, so no verdict depends on it.
        break
      }
    }

    /// Every event kind is handled here by name: a new case added to
    /// ``StreamRecord/EventKind`` does not compile until it is decided what it means.
    private mutating func apply(_ event: StreamRecord.EventRecord, root: URL) {
      let id = event.testID
      switch event.kind {
      case .runStarted:
        runEnded = false
      case .testStarted:
        if let id, functions[id] == nil, suites[id] == nil {
          inconsistencies.append("a test the run never declared started (\(id))")
        } else if let id, ended.contains(id) {
          inconsistencies.append("\(functions[id]?.name ?? id) started again after it ended")
        }
        if let id, functions[id] != nil, results[id] == nil {
          startedOrder.append(id)
          inFlight[id] = Date()
          failures[id] = []
          cancelled.remove(id)
        }
      case .testCaseStarted, .testCaseEnded, .valueAttached:
        // One argument of a parameterized test started or ended, or an attachment: the test's
        // own `testEnded` decides its status.
        break
      case .issueRecorded:
        guard event.issue?.isKnown != true else { return }
        issuesThisAttempt += 1
        let messages = event.messages ?? []
        let summary =
          messages.first { $0.symbol == "fail" }?.text ?? messages.first?.text ?? "Issue"
        let comments = messages.filter { $0.symbol == "details" }.map(\.text)
          .filter { !TestRunner.isSourceComment($0) }
        let location = event.issue?.sourceLocation.map { Self.location($0, root: root) }
        let failure = Failure(summary: summary, comments: comments, location: location)
        let named = id.map { affected(by: $0) } ?? []
        if named.isEmpty {
          // No test (a detached task's issue), or a suite none of whose tests runs: no test
          // can carry it, and Swift Testing fails the run for it all the same.
          outsideTests.append(RunFailure(kind: .issue(failure), place: location?.file))
        }
        for test in named {
          if results[test] != nil {
            addLate(failure, to: test)
          } else {
            failures[test, default: []].append(failure)
          }
        }
      case .testCancelled, .testCaseCancelled:
        // Cancelled (`Test.cancel()`, or learner code that cancelled the test's task and a
        // `CancellationError` that followed): it did not run to its end.
        guard let id else { return }
        for running in affected(by: id) { cancelled.insert(running) }
      case .testEnded:
        // Tests run one at a time: each ends once, after it started.
        if let id, functions[id] != nil {
          let name = functions[id]?.name ?? id
          if ended.contains(id) {
            inconsistencies.append("\(name) ended twice")
          } else if inFlight[id] == nil, results[id] == nil {
            inconsistencies.append("\(name) ended without having started")
          }
          ended.insert(id)
        } else if let id, suites[id] == nil {
          inconsistencies.append("a test the run never declared ended (\(id))")
        }
        guard let id, functions[id] != nil, results[id] == nil, inFlight[id] != nil else { return }
        let status: TestStatus =
          !(failures[id] ?? []).isEmpty ? .failed : cancelled.contains(id) ? .cancelled : .passed
        let note =
          status == .cancelled
          ? "Cancelled before its end: does the code cancel its task, or throw CancellationError?"
          : nil
        record(id, status: status, note: note)
      case .testSkipped:
        if let id, functions[id] != nil {
          record(id, status: .skipped, note: "Skipped: it did not run, so it did not pass.")
        }
      case .runEnded:
        runEnded = true
      case .unknown(let kind):
        // Kept, not dropped: the text report names it under the test it concerns.
        if let id {
          for running in affected(by: id) { unknownKinds[running, default: []].append(kind) }
        }
      }
    }

    /// The test `id` names, or for a suite every test of it now running.
    private func affected(by id: String) -> [String] {
      if functions[id] != nil { return [id] }
      return inFlight.keys.filter { $0.hasPrefix(id + "/") }
    }

    static func location(_ source: StreamRecord.SourceLocation, root: URL) -> Location {
      let file = source._filePath.map { Paths.relative($0, to: root) } ?? source.fileID
      return Location(file: file, line: source.line)
    }
  }
}

/// Paths as the learner sees them: relative to the kata's root.
enum Paths {
  /// `path` relative to `root` when it lies inside it, else unchanged.
  static func relative(_ path: String, to root: URL) -> String {
    let base = root.standardizedFileURL.path
    let prefix = base.hasSuffix("/") ? base : base + "/"
    if path.hasPrefix(prefix) { return String(path.dropFirst(prefix.count)) }
    // macOS reports /private/var/… for /var/…; compare without it.
    let realBase = (base as NSString).resolvingSymlinksInPath
    let realPrefix = realBase.hasSuffix("/") ? realBase : realBase + "/"
    if path.hasPrefix(realPrefix) { return String(path.dropFirst(realPrefix.count)) }
    return path
  }
}
