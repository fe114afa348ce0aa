/// What the learner asked for on the command line.
public struct Options: Sendable, Equatable {
  /// What to do.
  public enum Mode: Sendable, Equatable {
    /// Grade the named lessons (every lesson when none is named).
    case grade
    /// Prove the kata consistent (maintainers, CI).
    case verify
    /// Print the help.
    case help
    /// Record the current test files' fingerprints (maintainers, after changing tests).
    case updateChecksums
  }

  public var mode: Mode = .grade
  /// Lesson names as typed: `lesson03`, `3`, ….
  public var lessons: [String] = []
  /// Grade `Solutions/` instead of `Exercises/`.
  public var solutions = false
  /// Seconds one test may run before it counts as hung.
  public var timeLimit: Double = 30

  public init() {}

  /// Parses the arguments (without the program name).
  ///
  /// - Throws: ``GraderError/usage(_:)`` naming what was not understood.
  public init(arguments: [String]) throws(GraderError) {
    var rest = arguments[...]
    while let argument = rest.popFirst() {
      switch argument {
      case "-h", "--help", "help":
        mode = .help
      case "--verify":
        mode = .verify
      case "--update-checksums":
        mode = .updateChecksums
      case "--solutions":
        solutions = true
      case "--timeout":
        guard let value = rest.popFirst(), let seconds = Double(value), seconds > 0 else {
          throw .usage("--timeout takes a number of seconds greater than 0, e.g. --timeout 60.")
        }
        timeLimit = seconds
      case let flag where flag.hasPrefix("-"):
        throw .usage("Unknown option '\(flag)'.")
      default:
        lessons.append(argument)
      }
    }
    if mode == .verify && (!lessons.isEmpty || solutions) {
      throw .usage("--verify checks every lesson, starters and solutions; it takes no lesson or --solutions.")
    }
    if mode == .updateChecksums && (!lessons.isEmpty || solutions) {
      throw .usage("--update-checksums records every lesson's tests; it takes no lesson or --solutions.")
    }
  }

  /// The help text, OVERVIEW / USAGE / OPTIONS.
  public static let help = """
    OVERVIEW: Grade your work on the Dependency Injection kata.

    Builds a lesson's exercise, runs its tests, and tells you by task what passes, what
    fails and why, and where in the lesson to read next.

    USAGE: ./grade.sh [<lesson> ...] [--solutions] [--timeout <seconds>]
           ./grade.sh --verify

    ARGUMENTS:
      <lesson>              A lesson to grade: lesson03, lesson3, 03 or 3.
                            With none, every lesson is graded, one line each.

    OPTIONS:
      --solutions           Grade the reference solutions in Solutions/ instead of
                            your code in Exercises/.
      --timeout <seconds>   How long one test may run before it counts as hung
                            (default: 30).
      --verify              Prove the kata: every solution passes (twice), every
                            starter fails every task, every variant behaves as its
                            name says, and the grader's own tests pass.
      --update-checksums    Record the test files' fingerprints in Tests/checksums.txt
                            after changing tests on purpose (maintainers).
      -h, --help            Show this help.

    EXIT STATUS:
      0  every graded test passed      1  something failed or did not compile
      2  the grader could not run (bad arguments, no Swift, a missing lesson)

    EXAMPLES:
      ./grade.sh lesson01               Grade lesson 01.
      ./grade.sh                        Where you stand in the whole course.
    """
}
