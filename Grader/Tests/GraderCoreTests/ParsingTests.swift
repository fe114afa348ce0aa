import Foundation
import Testing

@testable import GraderCore
@testable import GraderMaintenance

@Suite struct OptionsTests {
  @Test("Lessons and flags are read in any order")
  func lessonsAndFlags() throws {
    let options = try Options(arguments: ["lesson03", "--solutions", "1", "--timeout", "5"])
    #expect(options.lessons == ["lesson03", "1"])
    #expect(options.solutions)
    #expect(options.timeLimit == 5)
    #expect(options.mode == .grade)
  }

  @Test("An unknown flag is a usage error that names it")
  func unknownFlag() {
    #expect(throws: GraderError.usage("Unknown option '--solution'.")) {
      try Options(arguments: ["--solution"])
    }
  }

  @Test("--timeout needs a number of seconds, at least 1")
  func badTimeout() {
    #expect(throws: GraderError.self) { try Options(arguments: ["--timeout", "soon"]) }
    #expect(throws: GraderError.self) { try Options(arguments: ["--timeout"]) }
    #expect(throws: GraderError.self) { try Options(arguments: ["--timeout", "0"]) }
    #expect(throws: GraderError.self, "the message says 1 to 3600") {
      try Options(arguments: ["--timeout", "0.5"])
    }
    #expect(throws: GraderError.self) { try Options(arguments: ["--timeout", "nan"]) }
  }

  @Test("--opt=value, -- and an upper bound on --timeout")
  func argumentForms() throws {
    let options = try Options(arguments: ["--timeout=5", "--junit=out.xml", "--", "lesson01"])
    #expect(options.timeLimit == 5 && options.lessons == ["lesson01"])
    #expect(options.junitPath == "out.xml")
    // After `--`, nothing is an option (break round 11, case 13: `-- --json` gave JSON).
    let ended = try Options(arguments: ["lesson01", "--", "--json", "--timeout=5"])
    #expect(ended.lessons == ["lesson01", "--json", "--timeout=5"] && !ended.json)
    #expect(ended.timeLimit != 5)
    #expect(throws: GraderError.self) { try Options(arguments: ["--timeout", "inf"]) }
    #expect(throws: GraderError.self) { try Options(arguments: ["--timeout", "1e300"]) }
    #expect(throws: GraderError.self) { try Options(arguments: ["--hint", "1", "--json"]) }
  }

  @Test("--verify takes lessons, and no other option")
  func verifyAlone() throws {
    #expect(try Options(arguments: ["--verify"]).mode == .verify)
    #expect(try Options(arguments: ["--verify", "lesson01"]).lessons == ["lesson01"])
    #expect(throws: GraderError.self) { try Options(arguments: ["--verify", "--solutions"]) }
  }

  @Test("--jobs sets how many variants --verify checks at once, and goes with nothing else")
  func jobs() throws {
    #expect(try Options(arguments: ["--verify"]).jobs == nil, "no --jobs: the default")
    #expect(try Options(arguments: ["--verify", "--jobs", "1"]).jobs == 1)
    #expect(try Options(arguments: ["--verify", "lesson02", "--jobs=3"]).jobs == 3)
    for bad in ["0", "17", "two", "1.5"] {
      #expect(throws: GraderError.self, "--jobs \(bad)") {
        try Options(arguments: ["--verify", "--jobs", bad])
      }
    }
    #expect(throws: GraderError.usage("--jobs goes with --verify: --verify --jobs 2.")) {
      try Options(arguments: ["lesson01", "--jobs", "2"])
    }
  }

  @Test("Parsing, --help and the usage lines come from one table of commands and options")
  func oneTable() throws {
    for mode in Options.Mode.allCases {
      let entries = Options.commands.filter { $0.mode == mode }
      #expect(entries.count == 1, "\(mode) has \(entries.count) entries in the table")
    }
    let help = Options.help
    for command in Options.commands {
      let firstLine = command.usage.split(separator: "\n")[0]
      #expect(help.contains("./grade.sh " + firstLine), "USAGE shows \(command.usage)")
      for name in command.names {
        let arguments = [name] + (command.usage.contains("<lesson>") ? ["lesson01"] : [])
        let extra = command.mode == .saveVariant ? ["wrong-task1-x"] : []
        #expect(try Options(arguments: arguments + extra).mode == command.mode, "\(name)")
      }
    }
    for option in Options.options {
      #expect(help.contains(option.names.joined(separator: ", ")), "OPTIONS shows \(option.names)")
    }
    #expect(Options.shortUsage.contains("[--json] [--junit <file>]"))
  }

  @Test("Help is OVERVIEW, USAGE, OPTIONS")
  func helpSections() {
    let help = Options.help
    let order = ["OVERVIEW:", "USAGE:", "OPTIONS:"].compactMap { help.range(of: $0)?.lowerBound }
    #expect(order.count == 3 && order == order.sorted())
  }
}

@Suite struct CourseTests {
  @Test("The lesson list is read from the manifest's `let lessons` array, comments ignored")
  func lessonList() {
    let manifest = """
      // "NotALesson" in a comment
      let lessons = [
        "Lesson01TightCoupling",
        // "Lesson07Commented",
        "Lesson02ConstructorInjection",  // trailing comment
      ]
      let other = ["Lesson09"]
      """
    #expect(
      Course.lessonModules(inManifest: manifest) == [
        "Lesson01TightCoupling", "Lesson02ConstructorInjection",
      ])
  }

  @Test("The kata's own Package.swift lists lessons the grader understands")
  func realManifest() throws {
    let course = try Course(root: kataRoot)
    #expect(!course.lessons.isEmpty)
    #expect(course.lessons.map(\.number) == Array(1...course.lessons.count))
    #expect(course.lessons.first?.id == "lesson01")
  }

  @Test(
    "A lesson can be named lesson03, lesson3, 03, 3, by its module, or by the folder a shell completes",
    arguments: [
      "lesson01", "lesson1", "01", "1", "LESSON01", "Lesson01TightCoupling",
      "Lesson01TightCoupling/", "Exercises/Lesson01TightCoupling/",
    ])
  func lessonNames(name: String) throws {
    let course = try Course(root: kataRoot)
    #expect(try course.select([name]).map(\.id) == ["lesson01"])
  }

  @Test("An unknown lesson is an error that lists the lessons that exist")
  func unknownLesson() throws {
    let course = try Course(root: kataRoot)
    #expect(throws: GraderError.unknownLesson("lesson99", known: course.lessons.map(\.id))) {
      try course.select(["lesson99"])
    }
    #expect(throws: GraderError.self) { try course.select(["one"]) }
    #expect(throws: GraderError.self) { try course.select(["Solutions/Lesson01TightCoupling"]) }
  }

  @Test("A folder that is not the kata is reported as such")
  func notAKata() {
    let folder = FileManager.default.temporaryDirectory
    #expect(throws: GraderError.notAKata(folder.path)) { try Course(root: folder) }
  }

  @Test(
    "A version-specific manifest beside Package.swift stops the grader: SwiftPM would read it instead",
    arguments: ["Package@swift-6.3.swift", "Package@swift-6.swift", "Package@swift-6.3.1.swift"])
  func versionedManifest(name: String) throws {
    let folder = FileManager.default.temporaryDirectory.appending(path: "kata-manifest-\(UUID())")
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let manifest = "let lessons = [\n  \"Lesson01TightCoupling\",\n]\n"
    try Data(manifest.utf8).write(to: folder.appending(path: "Package.swift"))
    #expect(throws: Never.self) { try Course(root: folder) }
    try Data(manifest.utf8).write(to: folder.appending(path: name))
    #expect(throws: GraderError.versionedManifest(name)) { try Course(root: folder) }
    #expect(GraderError.versionedManifest(name).description.contains("mv \(name) ../"))
  }
}

@Suite struct LessonTextTests {
  @Test("Anchors follow GitHub: em dash dropped, spaces become hyphens")
  func anchors() {
    #expect(LessonText.anchor(for: "Task 2 — Inject the clock") == "task-2--inject-the-clock")
    #expect(LessonText.anchor(for: "Task 5 — `@Injected`, lazily") == "task-5--injected-lazily")
  }

  @Test("Title and task headings are read, code blocks ignored")
  func headings() {
    let text = LessonText(
      path: "lessons/01-x.md",
      markdown: """
        # Lesson 01 — Tight coupling

        ```swift
        ## Task 9 — not a heading
        ```
        ## Task 1 — Find the seams
        ## Hints
        ## Task 2 — Inject the clock
        """)
    #expect(text.title == "Lesson 01 — Tight coupling")
    #expect(text.taskHeadings == ["Task 1 — Find the seams", "Task 2 — Inject the clock"])
  }
}

@Suite struct OutputParsingTests {
  let root = URL(fileURLWithPath: "/work/kata")

  @Test("Compiler errors become the learner's relative file:line")
  func compilerError() {
    let output = """
      [4/5] Compiling Lesson01 File.swift
      /work/kata/Exercises/Lesson01/File.swift:4:38: error: cannot convert return expression
      4 | public func broken() -> Int { return "x" }
        |                                      `- error: cannot convert return expression
      /work/kata/Exercises/Lesson01/File.swift:4:38: error: cannot convert return expression
      error: fatalError
      """
    let diagnostics = Builder.diagnostics(in: output, root: root)
    #expect(
      diagnostics == [
        Diagnostic(
          severity: "error", location: Location(file: "Exercises/Lesson01/File.swift", line: 4),
          message: "cannot convert return expression"),
        Diagnostic(severity: "error", location: nil, message: "fatalError"),
      ])
  }

  @Test("SwiftPM's exit code is no error of the learner's, and a lesson made a program says how")
  func programAndExitCode() {
    let output = """
      error: 'kata': library product 'Lesson01' should not contain executable targets (it has 'Lesson01')
      error: ExitCode(rawValue: 1)
      """
    let diagnostics = Builder.diagnostics(in: output, root: root)
    #expect(diagnostics.count == 1, "\(diagnostics)")
    #expect(diagnostics.first?.message.contains("main.swift") == true, "\(diagnostics)")
  }

  @Test("An old toolchain is recognised from SwiftPM's message")
  func oldToolchain() {
    let output = """
      error: 'kata': package 'kata' is using Swift tools version 6.2.0 but the installed version is 6.1.2
      """
    #expect(Builder.toolchainProblem(in: output)?.contains("installed version is 6.1.2") == true)
    #expect(Builder.toolchainProblem(in: "error: cannot find 'x' in scope") == nil)
  }

  @Test("--watch names the files whose change set off a grade")
  func watchNamesChanges() {
    #expect(Watch.changedLine([]) == nil)
    #expect(Watch.changedLine(["Exercises/L/A.swift"]) == "Changed: A.swift")
    #expect(
      Watch.changedLine(["E/L/A.swift", "E/L/B.swift", "E/L/C.swift", "E/L/D.swift"])
        == "Changed: A.swift, B.swift, C.swift and 1 more")
  }

  @Test("A build that failed for a full disk is told apart from a compile error")
  func diskFull() {
    let swiftPM = "error: database or disk is full\nerror: fatalError"
    #expect(Builder.diskFull(in: swiftPM) == "error: database or disk is full")
    let compiler = "<unknown>:0: error: error writing output: No space left on device"
    #expect(Builder.diskFull(in: compiler)?.contains("No space left on device") == true)
    let quoted =
      "Exercises/L/A.swift:3:5: error: cannot find 'x' in scope\n"
      + "3 |   throw Failure(\"error: No space left on device\") + x"
    #expect(Builder.diskFull(in: "Exercises/L/A.swift:3:5: error: No space left on device") == nil)
    #expect(Builder.diskFull(in: quoted) == nil, "the learner's own line, quoted, is not the disk")
    #expect(GraderError.diskFull("x").description.contains("Nothing is wrong with your code"))
  }

  @Test("A build folder copied or moved with the kata is told apart from a compile error")
  func movedBuildFolder() {
    // What a copy of the kata made with `cp -a`, .build included, printed (Linux, Swift 6.3).
    let output = """
      error: precompiled file '/b/.build/x86_64-unknown-linux-gnu/debug/ModuleCache/TX/SwiftShims-2W.pcm'       was compiled with module cache path '/a/.build/x86_64-unknown-linux-gnu/debug/ModuleCache/TX', but       the path is currently '/b/.build/x86_64-unknown-linux-gnu/debug/ModuleCache/TX'
      error: missing required module 'SwiftShims'
      error: emit-module command failed with exit code 1 (use -v to see invocation)
      """
    #expect(Builder.movedBuildFolder(in: output)?.hasPrefix("error: precompiled file") == true)
    #expect(Builder.movedBuildFolder(in: "A.swift:1:1: error: cannot find 'x' in scope") == nil)
    #expect(GraderError.buildFolderMoved.description.contains("rm -rf .build"))
  }

  @Test("A file saved while the compiler read it is told apart from a compile error (built again)")
  func editedDuringBuild() {
    // As a breaker saw it: a file overwritten while swift-frontend compiled it.
    let output = """
      error: input file '/k/Exercises/Lesson01TightCoupling/ProfileViewModel.swift' was \
      modified during the build
      error: emit-module command failed with exit code 1 (use -v to see invocation)
      """
    #expect(Builder.editedDuringBuild(output))
    #expect(
      !Builder.editedDuringBuild(
        "/k/Exercises/L/A.swift:3:5: error: cannot find 'x' in scope\nlet modified = 1"))
  }

  @Test("A module the compiler cannot use in the shared cache is told apart from a compile error")
  func damagedModuleCache() {
    // What a build printed with the cache's .pcm files written over (Linux, Swift 6.3.1).
    let output = """
      <unknown>:0: error: file '/k/.build/module-cache/TXB5/SwiftShims-2W.pcm' is not a valid \
      module file: file doesn't start with precompiled file magic
      <unknown>:0: error: missing required module 'SwiftShims'
      error: emit-module command failed with exit code 1 (use -v to see invocation)
      """
    #expect(Builder.damagedModuleCache(in: output)?.contains("is not a valid module file") == true)
    let folder =
      "error: unable to open output file '/k/.build/module-cache/X/A.pcm': 'Not a directory'"
    #expect(Builder.damagedModuleCache(in: folder) != nil)
    #expect(
      Builder.damagedModuleCache(
        in: "/k/Exercises/L/A.swift:1:1: error: cannot find '/.build/module-cache/' in scope")
        == nil, "the learner's own line is theirs")
    #expect(Builder.damagedModuleCache(in: "error: missing required module 'SwiftShims'") == nil)

    // Each names the cache too, and is what it says first.
    let moved =
      "error: precompiled file '/b/.build/module-cache/TX/SwiftShims-2W.pcm' was compiled with "
      + "module cache path '/a/.build/module-cache/TX', but the path is currently "
      + "'/b/.build/module-cache/TX'"
    #expect(Builder.notTheLearnersCode(moved, failed: true) == .buildFolderMoved)
    let full =
      "error: unable to open output file '/k/.build/module-cache/X/A.pcm': 'No space left on "
      + "device'"
    #expect(Builder.notTheLearnersCode(full, failed: true) == .diskFull(full))
    let damaged = Builder.notTheLearnersCode(output, failed: true)
    #expect(
      damaged?.description.contains("rm -rf .build/module-cache") == true,
      "\(String(describing: damaged))")
    #expect(Builder.notTheLearnersCode(output, failed: false) == nil)
  }

  @Test("A crash keeps the fatal message and the learner's own frame")
  func crashLog() {
    let output = """
      Swift/ContiguousArrayBuffer.swift:692: Fatal error: Index out of range
      *** Program crashed: Illegal instruction at 0x00007f8748b6df7f ***
      0 [ra] 0x1 add(_:_:) + 40 in Tests at /work/kata/Exercises/Lesson01/File.swift:4:20
      1 [ra] 0x2 closure in Task1Tests in Tests at /work/kata/Tests/Lesson01Tests/T.swift:6:5
      """
    let log = CrashLog(output: output, root: root)
    #expect(log.message == "Index out of range")
    #expect(log.frame == "Exercises/Lesson01/File.swift:4")
    #expect(log.summary == "Crashed: Index out of range (at Exercises/Lesson01/File.swift:4).")
  }

  @Test("A test id becomes a filter that matches it and nothing else")
  func exactFilter() throws {
    let id = "Lesson01Tests.Task1Tests/adds()/T.swift:4:4"
    let pattern = try Regex(TestRunner.exactPattern(id))
    #expect(id.wholeMatch(of: pattern) != nil)
    #expect("Lesson01Tests.Task1Tests/adds()/T.swift:4:40".wholeMatch(of: pattern) == nil)
  }

  @Test("A test module becomes a filter that matches its tests and no other module's")
  func moduleFilter() throws {
    let pattern = try Regex(TestRunner.modulePattern("Lesson01Tests"))
    #expect("Lesson01Tests.Task1Tests/adds()/T.swift:4:4".prefixMatch(of: pattern) != nil)
    #expect("Lesson01TestsMore.Task1Tests/adds()".prefixMatch(of: pattern) == nil)
    #expect("Lesson02Tests.Task1Tests/adds()".prefixMatch(of: pattern) == nil)
    let task1 = try Regex(TestRunner.modulePattern("Lesson01Tests", suite: "Task1Tests"))
    #expect("Lesson01Tests.Task1Tests/adds()/T.swift:4:4".prefixMatch(of: task1) != nil)
    #expect("Lesson01Tests.Task1Tests".prefixMatch(of: task1) != nil, "the suite itself")
    #expect("Lesson01Tests.Task10Tests/adds()".prefixMatch(of: task1) == nil)
    #expect("Lesson01Tests.Task2Tests/adds()".prefixMatch(of: task1) == nil)
  }

  @Test("Output beyond the cap keeps its head and its tail")
  func cappedOutput() {
    let buffer = CappedBuffer(cap: 40)
    buffer.append(Data("first\nsecond\n".utf8))
    buffer.append(Data(String(repeating: "x\n", count: 1000).utf8))
    buffer.append(Data("last but one\nTHE END".utf8))
    let lines = buffer.text.split(separator: "\n")
    #expect(lines.first == "first" && lines.last == "THE END")
    #expect(buffer.text.contains("bytes of output left out"))
    #expect(
      lines.allSatisfy {
        ["first", "second", "x", "last but one", "THE END"].contains($0) || $0.contains("left out")
      }, "only whole lines: \(lines)")
  }
}

/// The kata's root: the folder that holds Grader/.
let kataRoot = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent()

@Suite struct ReportTests {
  @Test("The overview shows tasks done as a ten-wide bar")
  func progressBar() {
    let report = Report(style: Style(colour: false))
    #expect(report.bar(0, of: 5) == "[----------]")
    #expect(report.bar(3, of: 5) == "[######----]")
    #expect(report.bar(5, of: 5) == "[##########]")
    #expect(report.bar(0, of: 0) == "[----------]")
  }

  @Test("The closing line is the one CI and people read")
  func totalLine() {
    #expect(Report.totalLine(passed: 3, failed: 2) == "Total: 3 passed, 2 failed")
  }

  @Test("--list and --help run without building anything and exit 0")
  func listAndHelp() {
    #expect(
      GraderCommand.main(arguments: ["--list"], root: kataRoot, surroundings: Surroundings()) == 0)
    #expect(
      GraderCommand.main(arguments: ["--help"], root: kataRoot, surroundings: Surroundings()) == 0)
    #expect(
      GraderCommand.main(arguments: ["lesson99"], root: kataRoot, surroundings: Surroundings()) == 2
    )
    #expect(
      GraderCommand.main(arguments: ["--frobnicate"], root: kataRoot, surroundings: Surroundings())
        == 2)
  }

  /// Records the commands the grader hands to the maintainers' program (a spy).
  final class MaintainersSpy: MaintainersCommands {
    var received: [Options.Mode] = []
    func run(
      _ options: Options, lessons: [Lesson], course: Course, style: Style,
      interruption: Interruption
    ) throws(GraderError) -> Int32 {
      received.append(options.mode)
      return 7
    }
  }

  static let maintainersCommands = [
    ["--verify"], ["--verify", "lesson01"], ["--update-checksums"], ["--mutants", "1"],
    ["--save-variant", "lesson01", "wrong-task1-x"],
  ]

  @Test(
    "The learner's grader leaves the maintainers' commands to their program, and says how to reach it",
    arguments: maintainersCommands)
  func maintainersCommandsApart(arguments: [String]) throws {
    #expect(
      GraderCommand.main(arguments: arguments, root: kataRoot, surroundings: Surroundings()) == 2)
    let spy = MaintainersSpy()
    #expect(
      GraderCommand.main(
        arguments: arguments, root: kataRoot, surroundings: Surroundings(), maintainers: spy) == 7)
    #expect(spy.received == [try Options(arguments: arguments).mode])
    let learners = MaintainersSpy()
    #expect(
      GraderCommand.main(
        arguments: ["--list"], root: kataRoot, surroundings: Surroundings(), maintainers: learners)
        == 0)
    #expect(learners.received.isEmpty, "a learner's command never reaches it")
  }
}

/// The event stream decoded into kinds, old and new.
@Suite struct EventStreamTests {
  private func decode(_ json: String) throws -> StreamRecord {
    try JSONDecoder().decode(StreamRecord.self, from: Data(json.utf8))
  }

  @Test("Every kind of schema v0 up to Swift 6.3 decodes to its own case")
  func knownKinds() throws {
    let kinds = [
      "runStarted", "testStarted", "testCaseStarted", "issueRecorded", "valueAttached",
      "testCaseEnded", "testCaseCancelled", "testEnded", "testSkipped", "testCancelled",
      "runEnded",
    ]
    for kind in kinds {
      let record = try decode(
        #"{"kind":"event","version":0,"payload":{"kind":"\#(kind)","instant":{"absolute":1},"messages":[]}}"#
      )
      guard case .event(let event) = record else {
        Issue.record("\(kind) is not an event")
        continue
      }
      #expect(event.kind != .unknown(kind), "\(kind) must have a case of its own")
    }
  }

  @Test("A kind from a newer schema is kept by name and does not break decoding")
  func unknownKinds() throws {
    let event = try decode(
      #"{"kind":"event","payload":{"kind":"testFrobnicated","testID":"M.S/t()","extra":{}}}"#)
    guard case .event(let decoded) = event else {
      Issue.record("not an event: \(event)")
      return
    }
    #expect(decoded.kind == .unknown("testFrobnicated"))
    #expect(decoded.testID == "M.S/t()")
    let record = try decode(#"{"kind":"metadata","payload":{"anything":1}}"#)
    guard case .unknown(let kind) = record else {
      Issue.record("not unknown: \(record)")
      return
    }
    #expect(kind == "metadata")
  }
}

@Suite struct SourceCommentTests {
  @Test("Comments from a test's source are told from the messages written for the learner")
  func sourceComments() {
    #expect(TestRunner.isSourceComment("// a note for readers"))
    #expect(TestRunner.isSourceComment("  /* a block note */"))
    #expect(TestRunner.isSourceComment("/// a doc comment"))
    #expect(!TestRunner.isSourceComment("add(2, 3) should be 5."))
    #expect(!TestRunner.isSourceComment("The path //tmp is not a comment when it is not first."))
  }
}
