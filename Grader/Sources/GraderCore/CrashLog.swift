import Foundation

/// Reads what a crashed test process printed and keeps what a learner needs: the fatal
/// message and the first frame in their own code, not the whole backtrace.
struct CrashLog {
  /// The runtime's message, e.g. `Index out of range` or `Unexpectedly found nil …`.
  var message: String?
  /// The deepest frame in the kata's own sources, e.g. `Exercises/Lesson04Container/Container.swift:31`.
  var frame: String?
  /// Every frame in the kata's own sources, deepest first, as `file:line` relative to the
  /// kata's root (the tests' frames included).
  var frames: [String] = []
  /// Whether the backtracer's report of the crashed thread was read: only then do
  /// ``frames`` say which code the thread ran.
  var hasBacktrace = false

  /// Reads the crash from the test process's output and the backtracer's report files.
  ///
  /// - Parameters:
  ///   - output: What the test process printed (the runtime's one-line message is there).
  ///   - backtraces: The folder the backtracer wrote its report to, if any.
  ///   - root: The kata's root, to find and shorten the learner's own frames.
  ///   - moduleFolders: Each module's folder relative to the root, e.g.
  ///     `Lesson01Arithmetic` → `Exercises/Lesson01Arithmetic`: where the runtime's own
  ///     message points when there is no backtrace (macOS).
  init(
    output: String, backtraces: URL? = nil, root: URL, moduleFolders: [String: String] = [:]
  ) {
    var text = output
    if let backtraces,
      let files = try? FileManager.default.contentsOfDirectory(atPath: backtraces.path)
    {
      for file in files.sorted() {
        let report = (try? String(contentsOf: backtraces.appending(path: file), encoding: .utf8))
        text += "\n" + (report ?? "")
      }
    }
    let lines = text.split(separator: "\n", omittingEmptySubsequences: true)
    // The last fatal message is the parent's: an exit test's child prints its own first.
    let fatal = lines.lazy.reversed().compactMap(Self.runtimeMessage(in:)).first
    if let fatal {
      message = fatal.text
    } else if let crashed = lines.last(where: { $0.contains("Program crashed:") }) {
      let text = crashed.components(separatedBy: "Program crashed:").last ?? ""
      var words = text.replacingOccurrences(of: "*", with: "").trimmingCharacters(in: .whitespaces)
      // `Aborted at 0x…`: for a signal the process sent itself, the backtracer's "address"
      // is the sender's process id, which means nothing to a learner.
      if let at = words.range(of: #" at 0x[0-9a-fA-F]+$"#, options: .regularExpression) {
        words.removeSubrange(at)
      }
      message = words == "Aborted" ? "Aborted (abort() was called)" : words
    } else if let signal = lines.last(where: { $0.contains("with unexpected signal code") }) {
      // SwiftPM's words when no runtime message came first (a stack overflow, say).
      let code = signal.split(separator: " ").last.map(String.init) ?? "?"
      let cause =
        switch code {
        case "10", "11": " (endless recursion?)"
        case "6": " (abort() was called?)"
        default: ""
        }
      message = "the test process was killed by signal \(code)\(cause)"
    }
    let base = root.standardizedFileURL.path
    hasBacktrace = lines.contains { $0.hasPrefix("Thread ") && $0.hasSuffix(" crashed:") }
    frames = lines.compactMap { line -> String? in
      guard let range = line.range(of: " at \(base)/") else { return nil }
      let rest = line[range.upperBound...]
      let location = rest.split(separator: " ").first.map(String.init) ?? String(rest)
      // Drop the column: file.swift:31:12 → file.swift:31.
      let parts = location.split(separator: ":")
      return parts.count >= 2 ? "\(parts[0]):\(parts[1])" : location
    }
    // Without a backtrace (macOS runs tests in a hardened helper, see TestRunner), the
    // runtime's own message still names the file and line of a fatalError, a precondition
    // or a force-unwrap, by module; a trap inside the standard library names a `Swift/…` file.
    let fallback = fatal.flatMap { $0.location(in: moduleFolders) }
    frame = frames.first { !$0.hasPrefix("Tests/") } ?? frames.first ?? fallback
  }

  /// One sentence for the report.
  var summary: String {
    var text = "Crashed"
    if let message { text += ": \(message)" }
    if let frame { text += " (at \(frame))" }
    return text + "."
  }

  /// Whether the output shows the Swift runtime stopping the process.
  static func looksLikeCrash(_ output: String) -> Bool {
    output.contains("Program crashed:") || output.contains("with unexpected signal code")
      || output.split(separator: "\n").contains { runtimeMessage(in: $0) != nil }
  }

  /// The runtime's own report of a `fatalError`, failed `precondition`/`assert` or
  /// force-unwrap of `nil`.
  struct RuntimeMessage: Equatable {
    /// `#fileID` of the call, e.g. `Lesson01Arithmetic/Arithmetic.swift`; `nil` when absent.
    var fileID: String?
    var line: Int?
    /// `Fatal error`, `Precondition failed` or `Assertion failed`.
    var kind: String
    /// What the code said; empty for `fatalError()`.
    var detail: String

    /// What the report shows: the detail of a fatal error, else the kind and the detail.
    var text: String {
      if kind == "Fatal error" { return detail.isEmpty ? kind : detail }
      return detail.isEmpty ? kind : "\(kind): \(detail)"
    }

    /// The file and line relative to the kata's root, when the module is one of its own.
    func location(in moduleFolders: [String: String]) -> String? {
      guard let fileID, let line, let slash = fileID.firstIndex(of: "/"),
        let folder = moduleFolders[String(fileID[..<slash])]
      else { return nil }
      return "\(folder)/\(fileID[fileID.index(after: slash)...]):\(line)"
    }
  }

  /// Reads `<Module>/<File>.swift:<line>: <Kind>: <detail>` (or without the file), the
  /// format of `_swift_stdlib_reportFatalErrorInFile` in the Swift runtime
  /// (swiftlang/swift, stdlib/public/runtime/Assert.cpp), the same on Linux and macOS.
  /// A line may carry other output before it: SwiftPM relays two streams.
  static func runtimeMessage(in line: Substring) -> RuntimeMessage? {
    let pattern =
      /(?:(?<file>[^\s:]+\.swift):(?<line>\d+): )?(?<kind>Fatal error|Precondition failed|Assertion failed)(?:: (?<detail>.*))?$/
    guard let match = try? pattern.firstMatch(in: line) else { return nil }
    // The kind must open the line or follow the file: "… Fatal error …" in prose is not one.
    let before = line[..<match.range.lowerBound]
    guard match.output.file != nil || before.allSatisfy(\.isWhitespace) else { return nil }
    return RuntimeMessage(
      fileID: match.output.file.map(String.init), line: match.output.line.flatMap { Int($0) },
      kind: String(match.output.kind),
      detail: (match.output.detail.map(String.init) ?? "").trimmingCharacters(in: .whitespaces))
  }
}
