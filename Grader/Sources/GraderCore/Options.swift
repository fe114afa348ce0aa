/// What the learner asked for on the command line.
public struct Options: Sendable, Equatable {
  /// What to do.
  public enum Mode: Sendable, Equatable {
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

  public init() {}

  /// Parses the arguments (without the program name).
  ///
  /// - Throws: ``GraderError/usage(_:)`` naming what was not understood.
  public init(arguments: [String]) throws(GraderError) {
    // `--timeout=60` and `--junit=results.xml` are read as `--timeout 60`, `--junit results.xml`.
    var rest = arguments.flatMap { argument -> [String] in
      guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else {
        return [argument]
      }
      return [String(argument[..<equals]), String(argument[argument.index(after: equals)...])]
    }[...]
    var modes: [String] = []
    var timeoutGiven = false
    func set(_ newMode: Mode, _ flag: String) {
      mode = newMode
      modes.append(flag)
    }
    while let argument = rest.popFirst() {
      switch argument {
      case "-h", "--help", "help": set(.help, argument)
      case "--verify": set(.verify, argument)
      case "--watch": set(.watch, argument)
      case "--hint": set(.hint, argument)
      case "--reset": set(.reset, argument)
      case "--list": set(.list, argument)
      case "--update-checksums": set(.updateChecksums, argument)
      case "--save-variant": set(.saveVariant, argument)
      case "--mutants": set(.mutants, argument)
      case "--": continue  // the conventional end of options; lessons may follow anyway
      case "--solutions": solutions = true
      case "--json": json = true
      case "--yes", "-y": assumeYes = true
      case "--junit":
        guard let path = rest.popFirst(), !path.hasPrefix("-") else {
          throw .usage("--junit takes the path of the XML file to write, e.g. --junit results.xml.")
        }
        junitPath = path
      case "--timeout":
        guard let value = rest.popFirst(), let seconds = Double(value), seconds >= 1,
          seconds <= 3600
        else {
          throw .usage("--timeout takes a number of seconds from 1 to 3600, e.g. --timeout 60.")
        }
        timeLimit = seconds
        timeoutGiven = true
      case let flag where flag.hasPrefix("-"):
        throw .usage("Unknown option '\(flag)'.")
      default:
        lessons.append(argument)
      }
    }
    if modes.count > 1 && mode != .help {
      throw .usage("\(modes.joined(separator: " and ")) do different things; use one at a time.")
    }
    try validate()
    // A mutant that hangs is killed as surely after 10 s as after 30, and many may hang.
    if mode == .mutants && !timeoutGiven { timeLimit = 10 }
  }

  private mutating func validate() throws(GraderError) {
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

  /// The help text: OVERVIEW, USAGE, ARGUMENTS, OPTIONS.
  public static let help = """
    OVERVIEW: Grade your work on the Dependency Injection kata.

    Builds a lesson's exercise, runs its tests, and tells you by task what passes,
    what fails and why, and where in the lesson to read next.

    USAGE: ./grade.sh [<lesson> ...] [--solutions] [--timeout <seconds>]
                      [--json] [--junit <file>]
           ./grade.sh --watch [<lesson>]
           ./grade.sh --hint <lesson> [<task>]
           ./grade.sh --reset <lesson> [--yes]
           ./grade.sh --list
           ./grade.sh --verify [<lesson> ...]
           ./grade.sh --mutants <lesson> [--timeout <seconds>]
           ./grade.sh --save-variant <lesson> <name> [<folder>]

    ARGUMENTS:
      <lesson>              A lesson: lesson03, lesson3, 03 or 3. With none, every
                            lesson is graded and shown as one line: the course at
                            a glance.
      <task>                A task number of that lesson: 2 or task2.

    OPTIONS:
      --watch               Grade again each time you save a file of the lesson
                            (of any lesson, when none is named). Ctrl-C stops.
      --hint                Show the next hint for the lesson's first unfinished
                            task, or for <task>. Run it again for the next one.
      --reset               Put the lesson's starter code back. Your files are
                            moved to grade-backups/ first; nothing is lost.
      --yes, -y             With --reset: do not ask for confirmation.
      --list                List the lessons with their ids and titles.
      --solutions           Grade the reference solutions in Solutions/ instead of
                            your code in Exercises/.
      --timeout <seconds>   How long one test may run before it counts as hung
                            (default: 30; with --mutants, 10).
      --json                Print one JSON document (each lesson in the shape of
                            Exercism's results.json, version 3) instead of text.
      --junit <file>        Also write a JUnit XML report, one test suite per lesson.
      -h, --help            Show this help.

    FOR MAINTAINERS:
      --verify              Prove the kata: every solution passes twice, every
                            starter fails every task, every variant behaves as its
                            name says, the lesson code compiles, the formatting and
                            scripts are clean, the grader's own tests pass.
                            With lessons named, only their own checks run.
      --save-variant        Save <folder> (default: the lesson's Exercises/ folder)
                            as Variants/<module>/<name>.patch, its difference from
                            the solution. <name> is wrong-taskN-… (a mistake task
                            N must catch) or right-… (another correct design).
                            Write what the mistake is at the top of the patch.
      --update-checksums    After changing tests or starters on purpose, record
                            their fingerprints in Tests/checksums.txt. Not for
                            learners: it silences the warning about edited tests.
      --mutants             Find behaviour of the lesson's solution that no test
                            needs: delete one statement or swap one operator at
                            a time (in a copy under .build/solution-copies/),
                            grade, and list the mutants that pass every test.
                            Survivors justified in Variants/<Module>/mutants.txt
                            are accepted. Slow: minutes per lesson; not in
                            --verify.

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
    """
}
