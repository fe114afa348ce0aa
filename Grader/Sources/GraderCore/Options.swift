/// What the learner asked for on the command line.
public struct Options: Sendable, Equatable {
  /// What to do.
  public enum Mode: Sendable, Equatable, CaseIterable {
    /// Grade the named lessons (every lesson, as an overview, when none is named).
    case grade
    /// Regrade whenever an exercise file is saved, until Ctrl-C.
    case watch
    /// Show the next hint for a lesson's first unfinished task (or a named task).
    case hint
    /// Put a lesson's starter back, keeping the learner's files in a backup.
    case reset
    /// List the lessons.
    case list
    /// Prove the kata consistent (maintainers, CI).
    case verify
    /// Mutate the lesson's solution and report what no test needs (maintainers).
    case mutants
    /// Record the shipped files' fingerprints (maintainers, after changing tests or starters).
    case updateChecksums
    /// Save an edited copy of a lesson's module as a variant patch (maintainers).
    case saveVariant
    /// Print the help.
    case help
  }

  public var mode: Mode = .grade
  /// Lesson names as typed: `lesson03`, `3`, ….
  public var lessons: [String] = []
  /// For `--hint`: the task number, when the learner named one.
  public var task: Int?
  /// For `--save-variant`: the variant's name and the folder holding the edited module.
  public var variantName: String?
  public var variantFolder: String?
  /// Grade `Solutions/` instead of `Exercises/`.
  public var solutions = false
  /// Seconds one test may run before it counts as hung.
  public var timeLimit: Double = 30
  /// Print one JSON document instead of the text report.
  public var json = false
  /// Also write a JUnit XML report to this path.
  public var junitPath: String?
  /// For `--reset`: do not ask for confirmation.
  public var assumeYes = false
  /// For `--verify`: how many variants to check at once; `nil` for the default.
  public var jobs: Int?

  public init() {}

  /// Parses the arguments (without the program name).
  ///
  /// - Throws: ``GraderError/usage(_:)`` naming what was not understood.
  public init(arguments: [String]) throws(GraderError) {
    // `--` ends the options, as conventional: what follows it is lessons, whatever it looks like.
    let end = arguments.firstIndex(of: "--") ?? arguments.endIndex
    // `--timeout=60` and `--junit=results.xml` are read as `--timeout 60`, `--junit results.xml`.
    var rest = arguments[..<end].flatMap { argument -> [String] in
      guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else {
        return [argument]
      }
      return [String(argument[..<equals]), String(argument[argument.index(after: equals)...])]
    }[...]
    var modes: [String] = []
    var timeoutGiven = false
    while let argument = rest.popFirst() {
      if let command = Self.commands.first(where: { $0.names.contains(argument) }) {
        mode = command.mode
        modes.append(argument)
      } else if let option = Self.options.first(where: { $0.names.contains(argument) }) {
        var value: String?
        if option.valueName != nil {
          guard let next = rest.popFirst(), !next.hasPrefix("-") || option.takesDashes else {
            throw .usage(option.missingValue)
          }
          value = next
        }
        try option.apply(&self, value)
        if option.names.contains("--timeout") { timeoutGiven = true }
      } else if argument.hasPrefix("-") {
        throw .usage("Unknown option '\(argument)'.")
      } else {
        lessons.append(argument)
      }
    }
    if end < arguments.endIndex { lessons += arguments[(end + 1)...] }
    if modes.count > 1 && mode != .help {
      throw .usage("\(modes.joined(separator: " and ")) do different things; use one at a time.")
    }
    try validate()
    // A mutant that hangs is killed as surely after 10 s as after 30, and many may hang.
    if mode == .mutants && !timeoutGiven { timeLimit = 10 }
  }

  private mutating func validate() throws(GraderError) {
    if jobs != nil && mode != .verify && mode != .help {
      throw .usage("--jobs goes with --verify: --verify --jobs 2.")
    }
    if [.hint, .reset, .watch].contains(mode) && (json || junitPath != nil) {
      throw .usage(
        "--json and --junit go with grading; --hint, --reset and --watch write no reports.")
    }
    switch mode {
    case .help:
      break
    case .verify:
      if solutions || json || junitPath != nil {
        throw .usage("--verify takes lessons (to check only those) and no other option.")
      }
    case .mutants:
      guard lessons.count == 1 else {
        throw .usage("--mutants takes exactly one lesson: --mutants lesson03.")
      }
      if solutions || json || junitPath != nil {
        throw .usage("--mutants takes one lesson and, if you like, --timeout; no other option.")
      }
    case .updateChecksums, .list:
      let flag = mode == .list ? "--list" : "--update-checksums"
      if !lessons.isEmpty || solutions || json || junitPath != nil {
        throw .usage("\(flag) takes no lesson and no other option.")
      }
    case .hint:
      guard lessons.count == 1 || lessons.count == 2 else {
        throw .usage("--hint takes a lesson and, if you like, a task: --hint lesson03 2.")
      }
      if lessons.count == 2 {
        let text = lessons[1].lowercased()
        let digits = text.hasPrefix("task") ? String(text.dropFirst(4)) : text
        guard let number = Int(digits), number > 0 else {
          throw .usage("'\(lessons[1])' is not a task number; try --hint \(lessons[0]) 2.")
        }
        task = number
        lessons.removeLast()
      }
    case .saveVariant:
      guard (2...3).contains(lessons.count), !solutions, !json, junitPath == nil else {
        throw .usage(
          "--save-variant takes a lesson, a name and, if you like, the edited folder: "
            + "--save-variant lesson03 wrong-task2-error-shows-key [<folder>].")
      }
      variantName = lessons[1]
      variantFolder = lessons.count == 3 ? lessons[2] : nil
      lessons = [lessons[0]]
    case .reset:
      guard lessons.count == 1 else {
        throw .usage("--reset takes exactly one lesson: --reset lesson03.")
      }
      if solutions {
        throw .usage("--reset puts a starter back; it has nothing to do with --solutions.")
      }
    case .watch:
      if lessons.count > 1 { throw .usage("--watch takes at most one lesson: --watch lesson03.") }
    case .grade:
      break
    }
  }

  // MARK: - The command line, as one table

  /// A command: what the grader does, with the flags that select it.
  struct Command: Sendable {
    /// The flags that select it; the first is the one help shows.
    var names: [String]
    var mode: Mode
    /// Its line under USAGE, after `./grade.sh`.
    var usage: String
    /// What it does, for OPTIONS or FOR MAINTAINERS.
    var summary: String
    /// Whether it is a maintainers' command.
    var forMaintainers = false
  }

  /// An option that changes how a command runs.
  struct Option: Sendable {
    /// The spellings; the first is the one help shows.
    var names: [String]
    /// What its value is called in help, e.g. `<seconds>`; `nil` for a plain flag.
    var valueName: String?
    /// The error when the value is missing.
    var missingValue = ""
    /// Whether its value may start with `-` (none does today).
    var takesDashes = false
    var summary: String
    /// Records the option (and its value) in the options, or refuses the value.
    var apply: @Sendable (inout Options, String?) throws(GraderError) -> Void
  }

  /// Every command, in the order help lists them. Grading is the command with no flag.
  static let commands: [Command] = [
    Command(
      names: [], mode: .grade,
      usage: "[<lesson> ...] [--solutions] [--timeout <seconds>]\n[--json] [--junit <file>]",
      summary: ""),
    Command(
      names: ["--watch"], mode: .watch, usage: "--watch [<lesson>]",
      summary: """
        Grade again each time you save a file of the lesson (of any lesson, when none is \
        named). Ctrl-C stops.
        """),
    Command(
      names: ["--hint"], mode: .hint, usage: "--hint <lesson> [<task>]",
      summary: """
        Show the next hint for the lesson's first unfinished task, or for <task>. Run it \
        again for the next one.
        """),
    Command(
      names: ["--reset"], mode: .reset, usage: "--reset <lesson> [--yes]",
      summary: """
        Put the lesson's starter code back. Your files are moved to grade-backups/ first; \
        nothing is lost.
        """),
    Command(
      names: ["--list"], mode: .list, usage: "--list",
      summary: "List the lessons with their ids and titles."),
    Command(
      names: ["-h", "--help", "help"], mode: .help, usage: "--help", summary: "Show this help."),
    Command(
      names: ["--verify"], mode: .verify, usage: "--verify [<lesson> ...]",
      summary: """
        Prove the kata: every solution passes twice, every starter fails every task, every \
        variant behaves as its name says, the lesson code compiles, the formatting and \
        scripts are clean, the grader's own tests pass. With lessons named, only their own \
        checks run.
        """,
      forMaintainers: true),
    Command(
      names: ["--save-variant"], mode: .saveVariant,
      usage: "--save-variant <lesson> <name> [<folder>]",
      summary: """
        Save <folder> (default: the lesson's Exercises/ folder) as \
        Variants/<module>/<name>.patch, its difference from the solution. <name> is \
        wrong-taskN-… (a mistake task N must catch) or right-… (another correct design). \
        Write what the mistake is at the top of the patch.
        """,
      forMaintainers: true),
    Command(
      names: ["--update-checksums"], mode: .updateChecksums, usage: "--update-checksums",
      summary: """
        After changing tests or starters on purpose, record their fingerprints in \
        Tests/checksums.txt. Not for learners: it silences the warning about edited tests, \
        and takes your code for the starter (the course at a glance then skips it).
        """,
      forMaintainers: true),
    Command(
      names: ["--mutants"], mode: .mutants, usage: "--mutants <lesson> [--timeout <seconds>]",
      summary: """
        Find behaviour of the lesson's solution that no test needs: delete one statement or \
        swap one operator at a time (in a copy under .build/solution-copies/), grade, and \
        list the mutants that pass every test. Survivors justified in \
        Variants/<Module>/mutants.txt are accepted. Slow: minutes per lesson; not in --verify.
        """,
      forMaintainers: true),
  ]

  /// What `--junit` says without a path, or with an empty one.
  static let junitMissingValue =
    "--junit takes the path of the XML file to write, e.g. --junit results.xml."

  /// Every option, in the order help lists them.
  static let options: [Option] = [
    Option(
      names: ["--yes", "-y"], summary: "With --reset: do not ask for confirmation.",
      apply: { options, _ in options.assumeYes = true }),
    Option(
      names: ["--solutions"],
      summary: "Grade the reference solutions in Solutions/ instead of your code in Exercises/.",
      apply: { options, _ in options.solutions = true }),
    Option(
      names: ["--timeout"], valueName: "<seconds>",
      missingValue: "--timeout takes a number of seconds from 1 to 3600, e.g. --timeout 60.",
      summary: """
        How long one test may run before it counts as hung, from 1 to 3600 (default: 30; \
        with --mutants, 10).
        """,
      apply: { options, value throws(GraderError) in
        guard let value, let seconds = Double(value), seconds >= 1, seconds <= 3600 else {
          throw .usage("--timeout takes a number of seconds from 1 to 3600, e.g. --timeout 60.")
        }
        options.timeLimit = seconds
      }),
    Option(
      names: ["--jobs"], valueName: "<n>",
      missingValue: "--jobs takes how many variants to check at once, from 1 to 16, e.g. --jobs 2.",
      summary: """
        With --verify: how many variants to check at once, from 1 to 16 (default: the number \
        of cores, from 2 to 4).
        """,
      apply: { options, value throws(GraderError) in
        guard let value, let jobs = Int(value), (1...16).contains(jobs) else {
          throw .usage(
            "--jobs takes how many variants to check at once, from 1 to 16, e.g. --jobs 2.")
        }
        options.jobs = jobs
      }),
    Option(
      names: ["--json"],
      summary: """
        Print one JSON document (each lesson in the shape of Exercism's results.json, \
        version 3) instead of text.
        """,
      apply: { options, _ in options.json = true }),
    Option(
      names: ["--junit"], valueName: "<file>",
      missingValue: Self.junitMissingValue,
      summary: "Also write a JUnit XML report, one test suite per lesson.",
      apply: { options, value throws(GraderError) in
        // `--junit=` or `--junit "$UNSET"` gives no path at all, not the working folder.
        guard let value, !value.isEmpty else { throw .usage(Self.junitMissingValue) }
        options.junitPath = value
      }),
  ]

  /// The two lines an error about the command line ends with.
  static var shortUsage: String {
    let flags = commands.filter { !$0.forMaintainers && $0.mode != .help }.compactMap(\.names.first)
    return """
      Usage: ./grade.sh \(commands[0].usage.replacingOccurrences(of: "\n", with: " "))
             ./grade.sh \(flags.joined(separator: " | ")) [<lesson>]  (more: see --help)
      """
  }

  /// The help text, OVERVIEW, USAGE, ARGUMENTS, OPTIONS, FOR MAINTAINERS, EXIT STATUS and
  /// EXAMPLES, made from ``commands`` and ``options``.
  public static var help: String {
    let width = 22
    func entry(_ name: String, _ summary: String) -> String {
      var lines: [String] = []
      var line = ""
      for word in summary.split(separator: " ") {
        if !line.isEmpty && line.count + word.count + 1 > 55 {
          lines.append(line)
          line = ""
        }
        line += line.isEmpty ? String(word) : " " + word
      }
      if !line.isEmpty { lines.append(line) }
      let head = "  " + name.padding(toLength: width, withPad: " ", startingAt: 0)
      let indent = String(repeating: " ", count: width + 2)
      if name.count >= width { lines.insert("", at: 0) }
      return lines.enumerated().map { index, text in
        index == 0 ? head + text : indent + text
      }.joined(separator: "\n")
    }
    func name(of command: Command) -> String {
      command.mode == .help ? "-h, --help" : command.names[0]
    }
    let usage = commands.enumerated().map { index, command in
      (index == 0 ? "USAGE: " : "       ") + "./grade.sh "
        + command.usage.replacingOccurrences(
          of: "\n", with: "\n" + String(repeating: " ", count: 18))
    }
    let learner = commands.filter { !$0.forMaintainers && !$0.names.isEmpty && $0.mode != .help }
    let optionEntries = options.map { option in
      entry(
        option.names.joined(separator: ", ") + (option.valueName.map { " " + $0 } ?? ""),
        option.summary)
    }
    let helpEntry = commands.first { $0.mode == .help }.map { entry(name(of: $0), $0.summary) }
    return
      ([
        """
        OVERVIEW: Grade your work on the Dependency Injection kata.

        Builds a lesson's exercise, runs its tests, and tells you by task what passes,
        what fails and why, and where in the lesson to read next.
        """, usage.joined(separator: "\n"),
        """
        ARGUMENTS:
          <lesson>              A lesson: lesson03, lesson3, 03 or 3. With none, every
                                lesson is graded and shown as one line: the course at
                                a glance.
          <task>                A task number of that lesson: 2 or task2.
        """,
        "OPTIONS:\n"
          + (learner.map { entry(name(of: $0), $0.summary) } + optionEntries + [helpEntry ?? ""])
          .joined(separator: "\n"),
        "FOR MAINTAINERS:\n"
          + commands.filter(\.forMaintainers).map { entry(name(of: $0), $0.summary) }
          .joined(separator: "\n"),
        """
        EXIT STATUS:
          0  every graded test passed
          1  something failed or did not compile
          2  the grader could not run (bad arguments, no Swift, a missing lesson)
          With --mutants: 0 every surviving mutant is justified, 1 one is not.

        EXAMPLES:
          ./grade.sh lesson01               Grade lesson 01.
          ./grade.sh                        Where you stand in the whole course.
          ./grade.sh --watch lesson01       Regrade lesson 01 on every save.
          ./grade.sh --hint 1               A hint for your next step in lesson 01.
        """,
      ]).joined(separator: "\n\n")
  }
}
