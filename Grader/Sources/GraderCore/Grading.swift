import Foundation
import Synchronization

/// Which code the lessons are built from.
public enum CodeSource: Sendable, Equatable {
  /// `Exercises/`: the learner's code.
  case exercises
  /// `Solutions/`: the reference solutions.
  case solutions
  /// A folder inside the kata holding one folder per lesson module (a variant being checked),
  /// built in `build` (a folder of its own, so that two such sources build at once).
  case folder(String, build: String)

  /// The value of `KATA_SOURCE` that selects it in Package.swift.
  var environmentValue: String {
    switch self {
    case .exercises: return "exercises"
    case .solutions: return "solutions"
    case .folder(let path, _): return path
    }
  }

  /// Where the lesson's module folder lives, relative to the root.
  func folder(of lesson: Lesson) -> String {
    switch self {
    case .exercises: return lesson.exercisesFolder
    case .solutions: return lesson.solutionsFolder
    case .folder(let path, _): return "\(path)/\(lesson.module)"
    }
  }

  /// Separate build folders, so switching between exercises and solutions never rebuilds.
  ///
  /// The exercises too have a folder of the grader's, not `.build` itself: the grader builds
  /// with flags of its own (see ``Builder/arguments(scratchPath:moduleCache:)``), which would
  /// make a learner's `swift build` and the grader rebuild each other's work from scratch, and
  /// it never waits behind an editor's or a terminal's build that holds `.build`.
  package var scratchPath: String {
    switch self {
    case .exercises: return ".build/exercises"
    case .solutions: return ".build/solutions"
    case .folder(_, let build): return build
    }
  }
}

/// One task of a lesson: a suite of the specification and its tests' results.
public struct TaskGrade: Sendable {
  /// The suite's display name, e.g. `Task 2 — Inject the clock`.
  public var title: String
  public var tests: [TestResult]
  public var location: Location?

  public var isDone: Bool { tests.allSatisfy { !$0.status.isFailure } && !tests.isEmpty }
  public var passedCount: Int { tests.filter { $0.status == .passed }.count }
  public var failedCount: Int { tests.filter { $0.status.isFailure }.count }
}

/// The grade of one lesson.
public struct LessonGrade: Sendable {
  public var lesson: Lesson
  /// The compiler errors when the lesson did not build, else `nil`.
  public var compileErrors: [Diagnostic]?
  /// The lesson was not built at all: its files cannot be graded as they are (a folder
  /// missing, a named pipe, a module linked from elsewhere), and ``compileErrors`` say why.
  public var refused = false
  /// Compiler warnings in the lesson's code or tests (only files compiled in this run).
  public var warnings: [Diagnostic] = []
  /// How many tests the lesson declares; used to count a lesson that did not compile.
  public var declaredTests: Int
  public var tasks: [TaskGrade] = []
  /// A problem with the run as a whole, e.g. no test ran.
  public var problem: String?

  /// The event stream did not add up (see ``TestRunReport/inconsistencies``): no result of
  /// the lesson is trusted, so it passes nothing.
  public var untrusted = false

  /// What the grader ended after the tests and why (see ``TestRunReport/notes``); the
  /// tests' results stand.
  public var notes: [String] = []

  /// The lesson is the untouched starter and its tests were not run (see
  /// ``Grading/skipsUntouchedStarters``): it has its tasks, none done, and no test results.
  public var notStarted = false
  /// The lesson's test files (and `Package.swift`) that differ from the shipped ones. Graded
  /// against an edited specification (a test deleted, an expectation commented out), a
  /// lesson is not done, whatever passed.
  public var editedTests: [String] = []
  /// The lesson's starter files that no task asks to change (the reference solution ships
  /// them as they are: its stand-ins for the network or a vendor's SDK, its live objects, its
  /// models) whose shipped code is no longer in the lesson, a line of it edited or removed
  /// (see ``Checksums/changedUntaskedFiles(for:)``). The tests observe the lesson through
  /// them, so a lesson graded with one changed is not done either.
  public var editedUntasked: [String] = []
  /// Whether the grade is of something other than the shipped specification and the
  /// learner's task code: no pass of it counts.
  public var gradedAgainstEdits: Bool { !editedTests.isEmpty || !editedUntasked.isEmpty }
  /// Why the lesson is not done although every test passed, for reports: its edited tests,
  /// and the changed files no task asks to change.
  public var editedNotice: String? {
    var parts: [String] = []
    if !editedTests.isEmpty {
      parts.append(
        "Graded against edited tests (\(editedTests.joined(separator: ", "))), so not done. "
          + "Put the shipped ones back with: git checkout -- Tests Package.swift (git status "
          + "Tests shows files you added)")
    }
    if !editedUntasked.isEmpty {
      parts.append(
        "Graded with changed files that no task asks you to change and the tests rely on "
          + "(\(editedUntasked.joined(separator: ", "))), so not done. Put them back with: "
          + "git checkout -- \(editedUntasked.joined(separator: " ")) "
          + "or, once committed, copy them from Solutions/, where they are the same (code "
          + "added before or after theirs, or their code moved whole into another file, is "
          + "fine; a line of theirs changed or removed, or one put among theirs, is not)")
    }
    return parts.isEmpty ? nil : parts.joined(separator: ". ")
  }

  public var compiled: Bool { compileErrors == nil }
  public var passedCount: Int { untrusted ? 0 : tasks.reduce(0) { $0 + $1.passedCount } }
  public var failedCount: Int {
    // A lesson that did not compile, or in which no test could run, fails every test it declares.
    // Not run, it has no results: it is not done, and the Total counts only tests that ran.
    if notStarted { return 0 }
    guard compiled, !tasks.isEmpty, !untrusted else { return max(declaredTests, 1) }
    let failed = tasks.reduce(0) { $0 + $1.failedCount }
    return problem == nil ? failed : max(failed, 1)
  }
  public var isDone: Bool {
    compiled && problem == nil && failedCount == 0 && !tasks.isEmpty && !notStarted
      && !gradedAgainstEdits
  }
  public var doneTasks: Int { tasks.filter(\.isDone).count }
}

/// Builds lessons and runs their tests; one compile error never stops the other lessons.
public struct Grading: Sendable {
  public var course: Course
  public var timeLimit: Double
  /// Told what is happening (building, the test that runs), for a progress line.
  public var progress: (@Sendable (String) -> Void)?
  /// After this many hung tests the rest of the lesson is not run.
  public var maxTimeouts = 2
  /// Builds but does not test a lesson whose files, tests and manifest are as shipped (the
  /// overview): a starter fails every task by design (`--verify` proves it), and some
  /// starters wait out every time bound (lesson 04's deadlocks take two minutes).
  public var skipsUntouchedStarters = false
  /// Runs only this task's tests (`TaskNTests` in each test module), and compiles only its
  /// test files, for `--verify`, where a wrong variant needs no more than its task's verdict.
  package var onlyTask: Int?
  /// Whether each built lesson's declarations are read for shadows (``CompiledShadowing``);
  /// `--verify` turns it off for a wrong variant, which must fail the tests themselves.
  package var readsBuiltDeclarations = true
  /// The kata's ``RunLock`` when the caller holds it for its whole run (`--verify`,
  /// `--mutants`), so that grading does not take it again: it is not re-entrant, and `--verify`
  /// grades from several threads at once. `nil`: each grade takes it while it runs.
  package var heldRunLock: RunLock?
  /// The temporary folder of a SwiftPM started from the learner's shell
  /// (``Surroundings/temporaryFolder``), where it keeps its lock on a build folder; `nil`: only
  /// the lock of the SwiftPM the grader starts is looked for.
  public var learnersTemporaryFolder: URL?
  /// Ctrl-C: the build or the test process is stopped, and grading ends.
  public var interruption: Interruption

  /// Grades lessons of `course`, each test within `timeLimit` seconds, until `interruption`
  /// is requested.
  public init(course: Course, timeLimit: Double, interruption: Interruption) {
    self.course = course
    self.timeLimit = timeLimit
    self.interruption = interruption
  }

  /// Grades `lessons` built from `source`, holding the run lock only meanwhile.
  ///
  /// - Throws: ``GraderError`` when a folder is missing, `swift` cannot start, or on Ctrl-C.
  public func grade(_ lessons: [Lesson], from source: CodeSource) throws(GraderError)
    -> [LessonGrade]
  {
    let lock: RunLock
    if let heldRunLock {
      lock = heldRunLock
    } else {
      lock = try RunLock(root: course.root, interruption: interruption)
    }
    defer { withExtendedLifetime(lock) {} }
    // With the run lock, whatever of the grader's still holds this build folder is no
    // grading's that runs: it was left by one that was killed.
    try SwiftPMLock.waitWhileHeld(
      scratch: course.root.appending(path: source.scratchPath), root: course.root,
      learnersTemporaryFolder: learnersTemporaryFolder, endingLeftovers: lock.isHeld,
      interruption: interruption)
    return try gradeHoldingLock(lessons, from: source)
  }

  private func gradeHoldingLock(_ lessons: [Lesson], from source: CodeSource) throws(GraderError)
    -> [LessonGrade]
  {
    let fileManager = FileManager.default
    // What the files hold as grading starts: a save before the tests end is not what ran.
    let before = Dictionary(
      uniqueKeysWithValues: lessons.map { lesson in
        (lesson.module, SourceRecord.contents(of: source.folder(of: lesson), in: course.root))
      })
    var missing: [String: [Diagnostic]] = [:]
    for lesson in lessons {
      for folder in [source.folder(of: lesson), lesson.testsFolder]
      where !fileManager.fileExists(atPath: course.root.appending(path: folder).path) {
        // Alone, the lesson cannot be graded at all; in a run of several, the others can.
        if lessons.count == 1 { throw .missingFolder(folder) }
        let message = GraderError.missingFolder(folder).description
        missing[lesson.module] = [Diagnostic(severity: "error", location: nil, message: message)]
      }
    }
    var present = lessons.filter { missing[$0.module] == nil }
    for lesson in present {
      let folder = source.folder(of: lesson)
      // Links first: SwiftPM's plan, asked below, is kept until Package.swift changes.
      if let link = LessonLinks.problem(below: [folder, lesson.testsFolder], in: course.root) {
        missing[lesson.module] = [link]
      } else if let pipe = SwiftFiles.notRegular(
        below: [folder, lesson.testsFolder], in: course.root
      ).first {
        missing[lesson.module] = [
          Diagnostic(
            severity: "error", location: Location(file: pipe, line: 1),
            message:
              "this is not a regular file but a named pipe, a socket or a device: the compiler "
              + "would wait forever to read it. Delete it, or put a Swift file in its place.")
        ]
      } else if let odd = SwiftFiles.unbuildableName(
        below: [folder, lesson.testsFolder], in: course.root)
      {
        missing[lesson.module] = [
          Diagnostic(
            severity: "error", location: Location(file: odd.shown, line: 1), message: odd.reason)
        ]
      } else if let problem = ModuleShadowing.problem(
        in: folder, testsFolder: lesson.testsFolder, root: course.root)
      {
        missing[lesson.module] = [problem]
      }
    }
    present.removeAll { missing[$0.module] != nil }
    // What is built is what the learner wrote: SwiftPM says which folder each module is
    // built from, and a lesson built from another folder is not graded.
    if !present.isEmpty {
      let work = course.root.appending(path: source.scratchPath).appending(path: "kata-grader")
      let planner = PackagePlan(
        root: course.root, environment: environment(for: present, source: source),
        scratchPath: source.scratchPath, workFolder: work, interruption: interruption)
      let plan = try planner.describe()
      let problems = PackagePlan.problems(
        in: plan, lessons: present, source: source, root: course.root,
        failure: plan == nil ? try planner.describeFailure() : nil)
      for (module, message) in problems {
        missing[module] = [Diagnostic(severity: "error", location: nil, message: message)]
      }
      present.removeAll { missing[$0.module] != nil }
    }
    var (buildable, builtErrors, warnings) = try build(present, from: source)
    // The plan above is what SwiftPM meant to build; this is what the compiler was given.
    for lesson in buildable {
      if let message = PackagePlan.builtElsewhere(
        lesson, folder: source.folder(of: lesson), scratchPath: source.scratchPath,
        root: course.root)
      {
        missing[lesson.module] = [Diagnostic(severity: "error", location: nil, message: message)]
      }
    }
    buildable.removeAll { missing[$0.module] != nil }
    let untouched = untouchedStarters(among: buildable, source: source)
    buildable.removeAll { untouched.contains($0.module) }
    // The compiler's view of what each lesson declares for the tests, read while they run
    // (a tenth of a second a lesson, off the learner's wait); a lesson refused here shows
    // the refusal, not its results.
    let compiledProblems = Found()
    let reading = DispatchGroup()
    for lesson in buildable where readsBuiltDeclarations {
      DispatchQueue.global().async(group: reading) {
        if let problem = compiledShadowing(of: lesson, source: source) {
          compiledProblems.problems.withLock { $0[lesson.module] = problem }
        }
      }
    }
    var report = TestRunReport()
    if !buildable.isEmpty {
      report = try runner(for: buildable, source: source).run()
    }
    reading.wait()
    if interruption.requested { throw .interrupted }
    for (module, problem) in compiledProblems.problems.withLock({ $0 }) {
      missing[module] = [problem]
    }
    var compileErrors = builtErrors
    compileErrors.merge(missing) { old, _ in old }
    return lessons.map { lesson in
      if let errors = compileErrors[lesson.module] {
        return LessonGrade(
          lesson: lesson, compileErrors: errors, refused: builtErrors[lesson.module] == nil,
          declaredTests: Self.declaredTests(in: course.root.appending(path: lesson.testsFolder)))
      }
      if untouched.contains(lesson.module) { return notStartedGrade(lesson) }
      var grade = grade(lesson, from: report)
      var seen = Set<String>()
      grade.warnings = warnings.filter { warning in
        guard let file = warning.location?.file, seen.insert(warning.description).inserted else {
          return false
        }
        return file.hasPrefix(source.folder(of: lesson) + "/")
          || file.hasPrefix(lesson.testsFolder + "/")
      }
      if source == .exercises {
        let checksums = Checksums(root: course.root)
        grade.editedTests = checksums.changedTests(for: [lesson])
        grade.editedUntasked = checksums.changedUntaskedFiles(for: [lesson]).map(\.path)
      }
      let now = SourceRecord.contents(of: source.folder(of: lesson), in: course.root)
      if grade.problem == nil, let then = before[lesson.module], now != then {
        let changed = Set(now.keys).union(then.keys).filter { now[$0] != then[$0] }.sorted()
        grade.problem =
          "Files changed while the lesson was graded (\(changed.prefix(3).joined(separator: ", "))"
          + "): these results are of what they held before, so none counts. Run ./grade.sh "
          + "\(lesson.id) again (and if your code writes them itself, let it write elsewhere: "
          + "the lesson's folder is what is built)."
      }
      return grade
    }
  }

  /// What ``CompiledShadowing`` finds in `lesson`'s built module; `nil` when nothing, or when
  /// its symbol graph cannot be read (the text's reading before the build then decides).
  private func compiledShadowing(of lesson: Lesson, source: CodeSource) -> Diagnostic? {
    guard
      let graphs = try? CompiledShadowing.graphs(
        of: lesson.module, scratch: course.root.appending(path: source.scratchPath),
        moduleCache: course.root.appending(path: Builder.moduleCachePath).path,
        root: course.root, interruption: interruption)
    else { return nil }
    return CompiledShadowing.problem(
      in: graphs, module: lesson.module,
      borrowed: ModuleShadowing.borrowedNames(testsFolder: lesson.testsFolder, root: course.root),
      testsFunctions: ModuleShadowing.testsFunctions(
        testsFolder: lesson.testsFolder, root: course.root),
      root: course.root)
  }

  /// What lessons' reading finds, from the threads that read.
  private final class Found: Sendable {
    let problems = Mutex<[String: Diagnostic]>([:])
  }

  /// The modules of `lessons` not to test: untouched starters, when ``skipsUntouchedStarters``.
  private func untouchedStarters(among lessons: [Lesson], source: CodeSource) -> Set<String> {
    guard skipsUntouchedStarters, source == .exercises else { return [] }
    let checksums = Checksums(root: course.root)
    return Set(
      lessons.filter { lesson in
        checksums.isUntouchedStarter(lesson) && checksums.changedTests(for: [lesson]).isEmpty
      }.map(\.module))
  }

  /// An untouched starter's grade without a run: the tasks of its text, none done.
  private func notStartedGrade(_ lesson: Lesson) -> LessonGrade {
    let headings =
      lesson.textPath.flatMap { LessonText(root: course.root, path: $0) }?.taskHeadings ?? []
    var grade = LessonGrade(
      lesson: lesson,
      declaredTests: Self.declaredTests(in: course.root.appending(path: lesson.testsFolder)),
      tasks: headings.map { TaskGrade(title: $0, tests: [], location: nil) })
    grade.notStarted = true
    return grade
  }

  /// Builds the lessons together; when that fails, sets aside each lesson its errors point
  /// into and builds the rest again, so one lesson's compile error never stops the others.
  ///
  /// - Returns: The lessons that built, the errors of those that did not, and every warning.
  private func build(_ lessons: [Lesson], from source: CodeSource) throws(GraderError) -> (
    built: [Lesson], errors: [String: [Diagnostic]], warnings: [Diagnostic]
  ) {
    var errors: [String: [Diagnostic]] = [:]
    var warnings: [Diagnostic] = []
    var buildable = lessons
    while !buildable.isEmpty {
      progress?("building \(buildable.map(\.id).joined(separator: ", "))…")
      let outcome = try builder(for: buildable, source: source).build()
      warnings += outcome.diagnostics.filter { $0.severity == "warning" }
      if outcome.succeeded { break }
      let broken = attribute(outcome, to: buildable, source: source)
      if !broken.isEmpty {
        errors.merge(broken) { old, _ in old }
        buildable.removeAll { broken[$0.module] != nil }
        continue
      }
      // Nothing points at one lesson (a linker error, say): build them one by one.
      if buildable.count == 1 {
        errors[buildable[0].module] = Self.unplaced(outcome)
        return ([], errors, warnings)
      }
      for lesson in buildable {
        let single = try builder(for: [lesson], source: source).build()
        if !single.succeeded {
          let own = attribute(single, to: [lesson], source: source)[lesson.module]
          errors[lesson.module] = own ?? Self.unplaced(single)
        }
      }
      buildable.removeAll { errors[$0.module] != nil }
      if !buildable.isEmpty { _ = try builder(for: buildable, source: source).build() }
      break
    }
    return (buildable, errors, warnings)
  }

  /// What Package.swift reads: which folder and lessons to build and, with ``onlyTask``,
  /// which task's test files to compile (`KATA_TASK`; the other tasks' tests are left out,
  /// since they would not run).
  func environment(for lessons: [Lesson], source: CodeSource) -> [String: String] {
    var environment = [
      "KATA_SOURCE": source.environmentValue,
      "KATA_LESSONS": lessons.map(\.id).joined(separator: ","),
    ]
    // Set either way, so a KATA_TASK in the learner's shell never leaves tests out.
    environment["KATA_TASK"] = onlyTask.map(String.init) ?? ""
    return environment
  }

  private func builder(for lessons: [Lesson], source: CodeSource) -> Builder {
    Builder(
      root: course.root, environment: environment(for: lessons, source: source),
      scratchPath: source.scratchPath, modules: lessons.map(\.module),
      sourceFolders: lessons.map { source.folder(of: $0) }, interruption: interruption)
  }

  private func runner(for lessons: [Lesson], source: CodeSource) throws(GraderError) -> TestRunner {
    let work = course.root.appending(path: source.scratchPath).appending(path: "kata-grader")
    guard RegularFile.makeOwnFolder(work) else {
      throw .buildFolderDamaged(Paths.relative(work.path, to: course.root))
    }
    var runner = TestRunner(
      root: course.root, environment: environment(for: lessons, source: source),
      scratchPath: source.scratchPath, timeLimit: timeLimit, workFolder: work,
      interruption: interruption)
    runner.maxTimeouts = maxTimeouts
    runner.learnersTemporaryFolder = learnersTemporaryFolder
    runner.testModules = lessons.map(\.testModule)
    runner.onlySuite = onlyTask.map { "Task\($0)Tests" }
    for lesson in lessons {
      runner.moduleFolders[lesson.module] = source.folder(of: lesson)
      runner.moduleFolders[lesson.module + "Tests"] = lesson.testsFolder
    }
    if let progress { runner.progress = { progress("testing: \($0)") } }
    return runner
  }

  /// The errors of each lesson, found by the folder each error points into.
  private func attribute(_ outcome: BuildOutcome, to lessons: [Lesson], source: CodeSource)
    -> [String: [Diagnostic]]
  {
    var found: [String: [Diagnostic]] = [:]
    for error in outcome.errors {
      guard let file = error.location?.file else { continue }
      let owner = lessons.first { lesson in
        file.hasPrefix(source.folder(of: lesson) + "/") || file.hasPrefix(lesson.testsFolder + "/")
      }
      if let owner { found[owner.module, default: []].append(error) }
    }
    return found
  }

  /// A failed build's message when no error names a file.
  private static func unplaced(_ outcome: BuildOutcome) -> [Diagnostic] {
    if !outcome.errors.isEmpty { return outcome.errors }
    let tail = outcome.output.split(separator: "\n").suffix(5).joined(separator: "\n")
    return [Diagnostic(severity: "error", location: nil, message: tail)]
  }

  /// The tasks of the lesson that no test of the run belongs to, each failed by one test
  /// that did not run: a lesson is done only when every task it teaches was graded. With
  /// ``onlyTask``, only that task is expected.
  ///
  /// With the tests as shipped, the tasks expected are those of the shipped test files
  /// (`TaskNTests.swift`): a heading the learner adds to the text (notes under a heading of
  /// their own, break round 5) is no task, and a task whose shipped tests did not run is
  /// missing whatever made them not run (a manifest SwiftPM read instead of `Package.swift`,
  /// break round 10). With edited tests, the tasks of the text's headings are expected.
  func missingTasks(of lesson: Lesson, besides graded: [TaskGrade]) -> [TaskGrade] {
    let headings =
      lesson.textPath.flatMap { LessonText(root: course.root, path: $0) }?.taskHeadings ?? []
    let present = Set(graded.compactMap { Self.taskNumber($0.title) })
    let checksums = Checksums(root: course.root)
    let testsChanged = !checksums.changedTests(for: [lesson]).isEmpty
    let expected: [(number: Int, title: String)]
    if testsChanged {
      expected = headings.compactMap { heading in Self.taskNumber(heading).map { ($0, heading) } }
    } else {
      let files =
        (try? FileManager.default.contentsOfDirectory(
          atPath: course.root.appending(path: lesson.testsFolder).path)) ?? []
      let numbers = Set(files.compactMap(Self.taskNumber(ofTestFile:))).sorted()
      expected = numbers.map { number in
        (number, headings.first { Self.taskNumber($0) == number } ?? "Task \(number)")
      }
    }
    let missing = expected.filter { task in
      !present.contains(task.number) && (onlyTask.map { $0 == task.number } ?? true)
    }
    guard !missing.isEmpty else { return [] }
    // The manifest decides which test files are compiled (an `exclude:`, a `path:`).
    let cause =
      checksums.manifestChanged()
      ? "Package.swift differs from the shipped one, and it decides which test files are "
        + "built. Put it back with: git checkout -- Package.swift"
      : testsChanged
        ? "its suite is not in \(lesson.testsFolder)/ (a test file deleted, renamed or "
          + "edited?). Put the shipped tests back with: git checkout -- \(lesson.testsFolder)"
        : "its shipped tests were not built, though Package.swift and the tests are as "
          + "shipped: something else changed what SwiftPM builds. Look for it with: git status"
    return missing.map { task in
      let test = TestResult(
        id: "\(lesson.testModule).Task\(task.number) (missing)",
        name: "The tests of Task \(task.number)",
        location: Location(file: lesson.testsFolder, line: 0), status: .notRun,
        note: "No test of this task ran, so it is not done: \(cause)")
      return TaskGrade(title: task.title, tests: [test], location: nil)
    }
  }

  /// `Task3Tests.swift` → 3: the test files of a task, as Package.swift names them too
  /// (`otherTasksTests`); `nil` for the files every task shares.
  static func taskNumber(ofTestFile name: String) -> Int? {
    guard name.hasPrefix("Task"), name.hasSuffix(".swift") else { return nil }
    return Int(name.dropFirst(4).prefix(while: \.isNumber))
  }

  /// Counts `@Test` in the code of the lesson's test files (not in their comments or
  /// strings): what a lesson that does not compile fails.
  static func declaredTests(in folder: URL) -> Int {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return files.filter { $0.hasSuffix(".swift") }.reduce(0) { count, file in
      let text = RegularFile.text(at: folder.appending(path: file)) ?? ""
      return count + CodeText.withoutCommentsAndLiterals(text).matches(of: /@Test\b/).count
    }
  }

  /// Groups the lesson's results by task, in the order of the lesson.
  func grade(_ lesson: Lesson, from report: TestRunReport) -> LessonGrade {
    let prefix = lesson.testModule + "."
    let suites = report.suites.filter { $0.id.hasPrefix(prefix) && !$0.id.contains("/") }
    let tests = report.tests.filter { $0.id.hasPrefix(prefix) }
    var tasks = suites.map { suite in
      TaskGrade(
        title: suite.name,
        tests: tests.filter { $0.id.hasPrefix(suite.id + "/") }.sorted {
          $0.location < $1.location
        },
        location: suite.location)
    }
    let loose = tests.filter { test in !suites.contains { test.id.hasPrefix($0.id + "/") } }
    if !loose.isEmpty {
      tasks.append(TaskGrade(title: "Other tests", tests: loose, location: nil))
    }
    if !tests.isEmpty { tasks += missingTasks(of: lesson, besides: tasks) }
    tasks.sort { left, right in
      (Self.taskNumber(left.title) ?? .max, left.location?.line ?? .max)
        < (Self.taskNumber(right.title) ?? .max, right.location?.line ?? .max)
    }
    var grade = LessonGrade(lesson: lesson, declaredTests: tests.count, tasks: tasks)
    grade.notes = report.notes
    if !report.inconsistencies.isEmpty {
      grade.untrusted = true
      let shown = report.inconsistencies.prefix(3).joined(separator: "; ")
      grade.problem =
        "The test results do not add up (\(shown)): something in the test process wrote to "
        + "the grader's results, so no test of this lesson counts as passed."
    } else if tests.isEmpty {
      grade.declaredTests = Self.declaredTests(in: course.root.appending(path: lesson.testsFolder))
      let why = report.problem.map { " \($0)" } ?? ""
      grade.problem =
        "No test could run: the test process ended before the first test started, so all "
        + "\(grade.declaredTests) tests of the lesson count as failed.\(why)"
    }
    // What failed outside every test is the lesson's too (RunFailure says which lesson).
    let outside = report.outsideTests.filter { $0.concerns(lesson, among: course.lessons) }
    if let failed = RunFailure.problem(outside) {
      grade.problem = grade.problem.map { "\($0) \(failed)" } ?? failed
    }
    return grade
  }

  /// `Task 12 — Title` → 12.
  package static func taskNumber(_ title: String) -> Int? {
    guard title.hasPrefix("Task ") else { return nil }
    return Int(title.dropFirst(5).prefix(while: \.isNumber))
  }
}
