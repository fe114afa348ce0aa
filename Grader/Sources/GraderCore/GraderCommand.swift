import Foundation

/// The grader's command line: parses the arguments, runs the mode, and returns the exit
/// status (0 every graded test passed, 1 something failed, 2 could not run).
public enum GraderCommand {
  /// Runs the grader for `arguments` (without the program name) in the kata at `root`, in
  /// `surroundings` (the process's environment, read once by `main`).
  public static func main(arguments: [String], root: URL, surroundings: Surroundings) -> Int32 {
    main(arguments: arguments, root: root, surroundings: surroundings, maintainers: nil)
  }

  /// Runs the grader, with the maintainers' commands when `maintainers` supplies them (the
  /// `kata-maintainer` program); without, those commands say how to reach them.
  package static func main(
    arguments: [String], root: URL, surroundings: Surroundings,
    maintainers: (any MaintainersCommands)?
  ) -> Int32 {
    StandardStreams.makeWritable()
    let style = Style.detect(surroundings)
    // Ctrl-C, as every part below sees it: the one token the signal handlers set.
    let interruption = Interrupts.signals
    do throws(GraderError) {
      let options = try Options(arguments: arguments)
      if options.mode == .help {
        say(Options.help)
        return 0
      }
      let course = try Course(root: root)
      // Name errors come before the lock: a typo never waits behind another run.
      let lessons = try course.select(options.lessons)
      if options.mode == .list { return list(course) }
      if let command = Options.commands.first(where: { $0.mode == options.mode }),
        command.forMaintainers
      {
        guard let maintainers else {
          let flag = command.names.first ?? ""
          throw GraderError.usage(
            "\(flag) is a maintainers' command, which this program is built without: run "
              + "./grade.sh \(flag), which builds the maintainers' tool when it is asked for.")
        }
        return try maintainers.run(
          options, lessons: lessons, course: course, style: style, interruption: interruption)
      }
      Interrupts.install()
      // The run lock is taken per grading (see Grading.grade), not here: an idle `--watch`
      // or a `--hint` reading the lesson text holds nothing another terminal waits for.
      var grading = Grading(
        course: course, timeLimit: options.timeLimit, interruption: interruption)
      grading.learnersTemporaryFolder = surroundings.temporaryFolder
      switch options.mode {
      case .hint:
        return try Hints(course: course, style: style)
          .show(for: lessons[0], task: options.task, grading: grading)
      case .reset:
        return try Reset(course: course, style: style, interruption: interruption)
          .run(lessons[0], assumeYes: options.assumeYes, askable: surroundings.inputIsTerminal)
      case .watch:
        var watch = Watch(
          course: course, style: style, timeLimit: options.timeLimit, interruption: interruption)
        watch.progress = ProgressLine(surroundings)
        watch.learnersTemporaryFolder = grading.learnersTemporaryFolder
        return try watch.run(options.lessons.isEmpty ? nil : lessons[0])
      default:
        return try grade(
          lessons, options: options, grading: grading, style: style,
          progress: ProgressLine(surroundings))
      }
    } catch .interrupted {
      printError(
        Interrupts.interruptedMessage(stopped: interruption.stopped), usage: false)
      return 130
    } catch .usage(let message) {
      printError(message, usage: true)
      return 2
    } catch {
      printError(error.description, usage: false)
      return 2
    }
  }

  private static func grade(
    _ lessons: [Lesson], options: Options, grading: Grading, style: Style,
    progress: ProgressLine
  ) throws(GraderError) -> Int32 {
    let course = grading.course
    let source: CodeSource = options.solutions ? .solutions : .exercises
    // Deleted on purpose, not by mistake: no git checkout would bring it back.
    if source == .solutions,
      RegularFile.kind(atPath: course.root.appending(path: "Solutions").path) != .folder
    {
      throw .noSolutions
    }
    let junitURL = try options.junitPath.map { path throws(GraderError) in
      try junitDestination(path, root: course.root)
    }
    var grading = grading
    // The overview for a person; reports for machines carry every test's status.
    grading.skipsUntouchedStarters =
      options.lessons.isEmpty && !options.json && options.junitPath == nil
    grading.progress = { progress.show($0) }
    defer { progress.clear() }
    let report = Report(style: style, root: course.root)
    let what = lessons.count == 1 ? lessons[0].id : "\(lessons.count) lessons"
    printStatus(
      "Building and testing \(what)\(options.solutions ? " (solutions)" : "")…", style: style)
    let grades = try grading.grade(lessons, from: source)
    progress.clear()
    // Edited tests: no pass counts (an exit 0 would let CI take it for the lesson's).
    let status: Int32 =
      grades.failedCount == 0
        && !grades.contains { $0.notStarted || $0.gradedAgainstEdits } ? 0 : 1
    let edited = source == .exercises ? Checksums(root: course.root).changedTests(for: lessons) : []
    let untasked =
      source == .exercises ? Checksums(root: course.root).changedUntaskedFiles(for: lessons) : []
    let untaskedPaths = untasked.map(\.path)
    if let junitURL {
      let xml = JUnitReport.xml(
        for: grades, editedTests: edited, editedUntasked: untaskedPaths)
      if (try? xml.write(to: junitURL, atomically: true, encoding: .utf8)) == nil {
        printError("Could not write the JUnit report to \(junitURL.path).", usage: false)
      }
    }
    if options.json {
      var document = JSONReport(grades: grades)
      document.editedTests = edited
      document.editedUntasked = untaskedPaths
      say(document.encoded())
      return status
    }
    if options.lessons.isEmpty {
      say(report.overview(grades, checksums: Checksums(root: course.root), source: source))
    } else {
      say(grades.map(report.detailed).joined(separator: "\n\n"))
    }
    for line in report.closing(
      grades, source: source, editedTests: edited, editedUntasked: untasked)
    {
      say(line)
    }
    return status
  }

  /// Where `--junit` writes, checked before a grading run that can take minutes.
  private static func junitDestination(_ path: String, root: URL) throws(GraderError) -> URL {
    let url = URL(
      fileURLWithPath: path,
      relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
    // The learner's work and the specification are never written over: compared with links
    // and `..` resolved, so no spelling of the path gets past.
    let resolved = url.deletingLastPathComponent().resolvingSymlinksInPath().standardizedFileURL
      .appending(path: url.lastPathComponent).path
    let base = root.resolvingSymlinksInPath().standardizedFileURL.path
    let guarded = ["Exercises", "Solutions", "Tests", "Variants"].map { "\(base)/\($0)/" }
    if resolved.hasSuffix(".swift") || guarded.contains(where: { resolved.hasPrefix($0) }) {
      throw .usage(
        "--junit will not write to \(path): Swift code and the kata's Exercises, Solutions, "
          + "Tests and Variants are never written. Give a file elsewhere, e.g. --junit results.xml."
      )
    }
    let folder = url.deletingLastPathComponent().path
    // Its type first: reading a named pipe to see whether it is a report would wait until
    // something writes to it, that is forever, and Ctrl-C would not end the wait.
    switch RegularFile.kind(atPath: url.path) {
    case .missing: break
    case .folder:
      throw .usage(
        "--junit needs a file path; \(path) is a folder. Try --junit \(path)/results.xml.")
    case .special(let what):
      throw .usage(
        "--junit writes a regular file, and \(path) is \(what) (the grader would wait on it "
          + "forever). Give the path of a file, e.g. --junit results.xml.")
    case .regular:
      // An earlier report is replaced; any other file (grade.sh, a lesson's text, notes or a
      // drawing saved as .xml) is not.
      guard Self.isJUnitReport(at: url) else {
        throw .usage(
          "--junit would write over \(path), an existing file that is not a JUnit report. "
            + "Give a new file, or an earlier report ending in .xml, e.g. --junit results.xml.")
      }
    }
    guard FileManager.default.isWritableFile(atPath: folder) else {
      throw .usage("--junit cannot write into \(folder): it does not exist or is read-only.")
    }
    return url
  }

  /// Whether the file at `url` is a JUnit report: named `.xml`, with `<testsuites` near its
  /// start, as this grader and other test runners write.
  static func isJUnitReport(at url: URL) -> Bool {
    guard url.pathExtension.lowercased() == "xml",
      let head = RegularFile.contents(atPath: url.path, upTo: 4096)
    else { return false }
    return String(decoding: head, as: UTF8.self).contains("<testsuites")
  }

  private static func list(_ course: Course) -> Int32 {
    for lesson in course.lessons {
      say("\(lesson.id)  \(lesson.title)")
    }
    return 0
  }

  private static func printStatus(_ message: String, style: Style) {
    FileHandle.standardError.write(Data((style.dim(message) + "\n").utf8))
  }

  package static func printError(_ message: String, usage: Bool) {
    var text = "error: \(message)\n"
    if usage {
      text += Options.shortUsage + "\n"
      text += "See './grade.sh --help'.\n"
    }
    FileHandle.standardError.write(Data(text.utf8))
  }
}

/// The maintainers' commands (`--verify`, `--mutants`, `--save-variant`,
/// `--update-checksums`), which the learner's grader is built without: the `kata-maintainer`
/// program passes them to ``GraderCommand/main(arguments:root:maintainers:)``.
package protocol MaintainersCommands {
  /// Runs the maintainers' command `options.mode` on `lessons` (already checked by name) and
  /// returns the exit status; `interruption` is Ctrl-C, which ends it.
  ///
  /// - Throws: ``GraderError`` as the learner's commands do; `.interrupted` after Ctrl-C.
  func run(
    _ options: Options, lessons: [Lesson], course: Course, style: Style,
    interruption: Interruption
  ) throws(GraderError) -> Int32
}

/// The grader's standard output and error, made safe to write to before anything is written.
enum StandardStreams {
  /// Points standard output or error at /dev/null when it is closed (`./grade.sh 2>&-`) or
  /// not open for writing (bash, started with it closed, may open its script there): the first
  /// write to it would otherwise end the grader with SIGILL before it said anything.
  static func makeWritable() {
    for stream in [STDOUT_FILENO, STDERR_FILENO] {
      let flags = fcntl(stream, F_GETFL)
      guard flags == -1 || (flags & O_ACCMODE) == O_RDONLY else { continue }
      let null = open("/dev/null", O_WRONLY)
      guard null >= 0 else { continue }
      if null != stream {
        dup2(null, stream)
        close(null)
      }
    }
  }
}
