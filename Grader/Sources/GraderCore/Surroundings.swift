import Foundation

/// What the grader learns from the process it runs in: its environment variables, which of its
/// standard streams are terminals, and how many processors the machine has.
///
/// Read once, by each program's `main` (its composition root), and handed to the parts that
/// depend on a fact, so that no part reads the process's globals behind its caller's back and a
/// test can give a part whatever facts it wants. (A child process inherits the grader's
/// environment as the operating system passes it; ``ChildProcess`` reads it at the start for
/// that reason alone.)
public struct Surroundings: Sendable {
  /// The environment variables.
  public var variables: [String: String]
  /// Whether standard input is a terminal (a person who can answer a question).
  public var inputIsTerminal: Bool
  /// Whether standard output is a terminal.
  public var outputIsTerminal: Bool
  /// Whether standard error is a terminal.
  public var errorIsTerminal: Bool
  /// How many processors are active.
  public var processorCount: Int

  /// Facts given outright: for tests, and for a caller that knows them.
  public init(
    variables: [String: String] = [:], inputIsTerminal: Bool = false,
    outputIsTerminal: Bool = false, errorIsTerminal: Bool = false, processorCount: Int = 1
  ) {
    self.variables = variables
    self.inputIsTerminal = inputIsTerminal
    self.outputIsTerminal = outputIsTerminal
    self.errorIsTerminal = errorIsTerminal
    self.processorCount = processorCount
  }

  /// The facts of the running process.
  public static func current() -> Surroundings {
    Surroundings(
      variables: ProcessInfo.processInfo.environment,
      inputIsTerminal: isatty(STDIN_FILENO) == 1,
      outputIsTerminal: isatty(STDOUT_FILENO) == 1,
      errorIsTerminal: isatty(STDERR_FILENO) == 1,
      processorCount: ProcessInfo.processInfo.activeProcessorCount)
  }

  /// The kata's folder: `KATA_ROOT`, which grade.sh sets, or else the current directory.
  public var kataRoot: URL {
    variables["KATA_ROOT"].map { URL(fileURLWithPath: $0) }
      ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
  }

  /// The temporary folder a SwiftPM started from the learner's shell uses: `TMPDIR`, `TEMP` or
  /// `TMP`, as Foundation reads them, or else the system's.
  public var temporaryFolder: URL {
    let path = ["TMPDIR", "TEMP", "TMP"].lazy.compactMap { variables[$0] }.first
    return path.map { URL(fileURLWithPath: $0) } ?? FileManager.default.temporaryDirectory
  }

  /// Whether the terminal can show colour and a line rewritten in place: `TERM=dumb` cannot.
  var terminalCanRewrite: Bool { variables["TERM"] != "dumb" }
}
