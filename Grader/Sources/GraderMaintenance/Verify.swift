import Foundation
import GraderCore
import Synchronization

/// Proves the kata consistent: what `./grade.sh --verify` (and so CI) runs.
///
/// For every lesson: its folders and text exist and the text has a heading for every task;
/// the solution passes every test, twice (a test that passes once and fails once is flaky);
/// the starter compiles and fails every task by an assertion, never by a crash or a hang;
/// every variant in `Variants/<Module>/` behaves as its name says (`wrong-taskN-…` fails a
/// test of task N, `right-…` passes everything). Last, the grader's own tests pass.
public struct Verifier {
  public var course: Course
  public var timeLimit: Double
  public var style: Style
  /// The lessons to check; `nil` checks every lesson and the whole kata's gates.
  public var lessons: [Lesson]?
  /// Ctrl-C, which ends the run.
  public var interruption: Interruption
  /// How many variants are checked at once, each by a worker with its own copy of the
  /// solution and build folder (see ``VariantQueue``). A variant's build leaves much of the
  /// machine idle (SwiftPM's planning, linking, running the tests, waiting out a hang), so two
  /// workers check a course's variants in less time even on two cores.
  public var workers = 1
  /// The facts of the process it runs in (read by `main`): the environment of the quality
  /// gates, and where a SwiftPM the maintainer started keeps its locks.
  public var surroundings = Surroundings()
  /// See ``VariantQueue/joinAtLeast``.
  var joinAtLeast = 8

  private let log = CheckLog()
  var passed: Int { log.passed }
  var failed: Int { log.failed }
  /// Each failed check with its first problems, for the grader's own tests to show.
  var failedChecks: [String] { log.failedChecks }

  /// Checks `course`, each test within `timeLimit` seconds, printing in `style`, until
  /// `interruption` is requested.
  public init(course: Course, timeLimit: Double, style: Style, interruption: Interruption) {
    self.course = course
    self.timeLimit = timeLimit
    self.style = style
    self.interruption = interruption
  }

  /// Runs every check, printing one line per check, and returns the exit status.
  public func run() throws(GraderError) -> Int32 {
    let began = Date()
    // Held for the whole run: a grade in another terminal would rebuild the copies under it.
    let lock = try RunLock(root: course.root, interruption: interruption)
    defer { withExtendedLifetime(lock) {} }
    var grading = Grading(course: course, timeLimit: timeLimit, interruption: interruption)
    grading.heldRunLock = lock
    grading.learnersTemporaryFolder = surroundings.temporaryFolder
    var gates = QualityGates(root: course.root, interruption: interruption)
    gates.variables = surroundings.variables
    let lessons = self.lessons ?? course.lessons

    section("Lesson texts and test files")
    for lesson in lessons {
      checkText(of: lesson)
      checkSmellSearches(of: lesson)
    }
    let checksums = Checksums(root: course.root)
    let changed =
      checksums.changedFiles(
        in: Checksums.testFolders(of: lessons) + lessons.map(\.exercisesFolder))
      + (checksums.recorded()[Checksums.manifestPath] == nil || checksums.manifestChanged()
        ? [Checksums.manifestPath] : [])
    check(
      "the tests, starters and Package.swift match \(Checksums.listPath)",
      problems: changed.isEmpty
        ? [] : changed.map { "\($0) changed; if on purpose, run ./grade.sh --update-checksums" })

    for lesson in lessons {
      check(
        "\(lesson.id): the solution changes no starter file that has no TODO",
        problems: gates.untouchedStarterFiles(of: lesson))
    }
    if self.lessons == nil {
      check(
        "every test module's copy of \(QualityGates.copiedTestFiles.joined(separator: ", ")) is the same",
        problems: gates.copiedTestFiles(of: course.lessons))
    }

    section("Solutions pass every test (two runs)")
    let first = try grading.grade(lessons, from: .solutions)
    let second = try grading.grade(
      lessons.filter { l in first.contains { $0.lesson == l && $0.compiled } }, from: .solutions)
    for grade in first {
      let again = second.first { $0.lesson == grade.lesson }
      check(
        "\(grade.lesson.id): solution passes all \(grade.passedCount + grade.failedCount) tests, twice",
        problems: solutionProblems(grade) + (again.map(solutionProblems) ?? []))
    }

    section("Swift in the lesson texts compiles against the solutions")
    let modules = course.root.appending(path: CodeSource.solutions.scratchPath)
      .appending(path: "debug/Modules")
    for grade in first {
      guard grade.compiled else {
        check(
          "\(grade.lesson.id): lesson snippets (solution does not compile)", problems: ["skipped"])
        continue
      }
      let count = gates.snippets(of: grade.lesson).count
      check(
        "\(grade.lesson.id): all \(count) Swift blocks type-check",
        problems: try gates.compileSnippets(of: grade.lesson, modules: modules))
    }

    section("Starters compile and fail every task by an assertion")
    for grade in try grading.grade(lessons, from: .exercises) {
      check(
        "\(grade.lesson.id): starter fails each of its \(grade.tasks.count) tasks",
        problems: starterProblems(grade))
    }

    let queue = VariantQueue(
      lessons.map { ($0, Variant.all(of: $0, root: course.root)) }, joinAtLeast: joinAtLeast)
    section("Variants behave as their names say" + (workers > 1 ? " (\(workers) at a time)" : ""))
    let variants = VariantCheck(course: course, grading: grading)
    try VariantQueue.run(queue, workers: workers) { [log, style] worker, job throws(GraderError) in
      let started = Date()
      let problems = try variants.problems(of: job.variant, in: job.lesson, worker: worker)
      let seconds = String(format: "%.1f s", Date().timeIntervalSince(started))
      log.record(
        "\(job.lesson.id): \(job.variant.name) \(style.dim("(\(seconds))"))", problems: problems,
        style: style)
    }

    guard self.lessons == nil else {
      say("")
      say(Report.totalLine(passed: passed, failed: failed))
      say(style.dim("Took \(Int(Date().timeIntervalSince(began).rounded())) s."))
      return failed == 0 ? 0 : 1
    }

    section("Formatting, shell portability, links")
    check("swift format lint --strict is clean", problems: try gates.formatting())
    let shell = try gates.shellPortability()
    if let note = shell.note { say("  " + style.dim("note: \(note)")) }
    check("grade.sh and .ci/run are portable POSIX sh", problems: shell.problems)
    check("relative links and anchors in README.md and lessons/ resolve", problems: gates.links())

    // A kata without its Grader/ folder (the grader's own test fixture) has no tests to run.
    if FileManager.default.fileExists(
      atPath: course.root.appending(path: "Grader/Package.swift").path)
    {
      section("The grader's own tests")
      let graderTests = ChildProcess(
        arguments: [
          "swift", "test", "--build-system", "native", "--package-path", "Grader",
          "--scratch-path", ".build/grader-tests",
          "-Xswiftc", "-warnings-as-errors",
        ],
        directory: course.root, interruption: interruption)
      let outcome = try graderTests.run()
      if interruption.requested { throw .interrupted }
      let tail = outcome.output.split(separator: "\n").suffix(15).map(String.init)
      check("grader: its unit and end-to-end tests pass", problems: outcome.status == 0 ? [] : tail)
    }

    say("")
    say(Report.totalLine(passed: passed, failed: failed))
    say(style.dim("Took \(Int(Date().timeIntervalSince(began).rounded())) s."))
    return failed == 0 ? 0 : 1
  }

  // MARK: - Checks

  private func checkText(of lesson: Lesson) {
    var problems: [String] = []
    let fileManager = FileManager.default
    for folder in [lesson.exercisesFolder, lesson.solutionsFolder, lesson.testsFolder]
    where !fileManager.fileExists(atPath: course.root.appending(path: folder).path) {
      problems.append("\(folder) is missing")
    }
    if let path = lesson.textPath, let text = LessonText(root: course.root, path: path) {
      if text.title == nil { problems.append("\(path) has no `# Lesson …` heading") }
      if text.taskHeadings.isEmpty { problems.append("\(path) has no `## Task N — …` headings") }
    } else {
      problems.append("lessons/\(lesson.twoDigits)-*.md is missing")
    }
    check("\(lesson.id): folders and lesson text are in place", problems: problems)
  }

  /// The searches a lesson text declares for smells no test can see must each find the smell
  /// in the starter (or they check nothing) and nothing in the solution (or "Lesson done"
  /// would send a learner after a correct line).
  private func checkSmellSearches(of lesson: Lesson) {
    guard let path = lesson.textPath, let text = LessonText(root: course.root, path: path),
      !text.searches.isEmpty
    else { return }
    var problems: [String] = []
    for search in text.searches {
      problems += search.hits(in: lesson.solutionsFolder, root: course.root).map {
        "the solution has \($0)"
      }
      for term in search.terms
      where SmellSearch(file: search.file, terms: [term]).hits(
        in: lesson.exercisesFolder, root: course.root
      ).isEmpty {
        problems.append("\(term) in \(search.file) finds nothing in the starter")
      }
    }
    check(
      "\(lesson.id): the text's searches for what no test sees find the starter's smells and "
        + "nothing in the solution",
      problems: problems)
  }

  private func solutionProblems(_ grade: LessonGrade) -> [String] {
    Self.solutionProblems(grade, root: course.root)
  }

  /// What keeps `grade` from being a correct solution's: it did not compile, a test did not
  /// pass, a warning, a suite without a heading of that name in the lesson text, or a
  /// heading without a suite.
  static func solutionProblems(_ grade: LessonGrade, root: URL) -> [String] {
    if let errors = grade.compileErrors { return errors.prefix(5).map(\.description) }
    var problems: [String] = grade.problem.map { [$0] } ?? []
    problems += grade.warnings.map { "a warning: \($0)" }
    if let path = grade.lesson.textPath, let text = LessonText(root: root, path: path) {
      for task in grade.tasks where !text.taskHeadings.contains(task.title) {
        problems.append("\(path) has no heading `## \(task.title)` for the suite of that name")
      }
      // The grader expects no suite for a heading while the tests are as shipped.
      for heading in text.taskHeadings where !grade.tasks.contains(where: { $0.title == heading }) {
        problems.append("\(path) has a heading `## \(heading)` that no suite of the tests is named")
      }
    }
    for task in grade.tasks {
      for test in task.tests where test.status.isFailure {
        let why =
          test.note ?? test.failures.first.map {
            "\($0.summary) at \($0.location.map(\.description) ?? "?")"
          } ?? ""
        problems.append("\(task.title) / \(test.name): \(test.status.rawValue) \(why)")
      }
    }
    return problems
  }

  private func starterProblems(_ grade: LessonGrade) -> [String] {
    if let errors = grade.compileErrors {
      return ["the starter does not compile:"] + errors.prefix(5).map(\.description)
    }
    var problems: [String] = grade.problem.map { [$0] } ?? []
    problems += grade.warnings.map { "a warning: \($0)" }
    if grade.tasks.isEmpty { problems.append("no tasks ran") }
    for task in grade.tasks {
      if !task.tests.contains(where: { $0.status == .failed }) {
        problems.append("\(task.title): no test fails by an assertion on the starter")
      }
      // A starter test ends by passing or by an assertion, never any other way (crashed,
      // hung, exited, cancelled, skipped, not run).
      for test in task.tests where test.status != .passed && test.status != .failed {
        problems.append("\(task.title) / \(test.name): \(test.status.rawValue) on the starter")
      }
    }
    return problems
  }

  // MARK: - Output

  private func section(_ title: String) {
    say("\n" + style.bold(title))
  }

  private func check(_ what: String, problems: [String]) {
    log.record(what, problems: problems, style: style)
  }
}

/// The checks of one `--verify` run as they are made: printed at once, one line each (and the
/// first problems of a failed one), and counted. Workers on several threads record into it.
final class CheckLog: Sendable {
  private struct Counts {
    var passed = 0
    var failed = 0
    var failedChecks: [String] = []
  }
  private let counts = Mutex(Counts())

  var passed: Int { counts.withLock(\.passed) }
  var failed: Int { counts.withLock(\.failed) }
  var failedChecks: [String] { counts.withLock(\.failedChecks) }

  /// Prints and counts one check: passed when `problems` is empty.
  func record(_ what: String, problems: [String], style: Style) {
    // Printed under the lock, so that the lines of two workers' checks never interleave.
    counts.withLock { counts in
      if problems.isEmpty {
        counts.passed += 1
        say("  \(style.pass("✓")) \(what)")
      } else {
        counts.failed += 1
        counts.failedChecks.append(([what] + problems.prefix(3)).joined(separator: " | "))
        say("  \(style.fail("✗")) \(what)")
        for problem in problems.prefix(12) { say("      \(problem)") }
      }
    }
  }
}
