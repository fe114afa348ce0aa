import Foundation

/// Reads what a crashed test process printed and keeps what a learner needs: the fatal
/// message and the first frame in their own code, not the whole backtrace.
struct CrashLog {
  /// The runtime's message, e.g. `Index out of range` or `Unexpectedly found nil …`.
  var message: String?
  /// The deepest frame in the kata's own sources, e.g. `Exercises/Lesson04Container/Container.swift:31`.
  var frame: String?

  /// Reads the crash from the test process's output and the backtracer's report files.
  ///
  /// - Parameters:
  ///   - output: What the test process printed (the runtime's one-line message is there).
  ///   - backtraces: The folder the backtracer wrote its report to, if any.
  ///   - root: The kata's root, to find and shorten the learner's own frames.
  init(output: String, backtraces: URL? = nil, root: URL) {
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
    if let fatal = lines.last(where: { $0.contains("Fatal error:") }) {
      let text = fatal.components(separatedBy: "Fatal error:").last ?? ""
      message = text.trimmingCharacters(in: .whitespaces)
      if message?.isEmpty == true { message = "Fatal error" }
    } else if let crashed = lines.last(where: { $0.contains("Program crashed:") }) {
      let text = crashed.components(separatedBy: "Program crashed:").last ?? ""
      message = text.replacingOccurrences(of: "*", with: "").trimmingCharacters(in: .whitespaces)
    } else if let signal = lines.last(where: { $0.contains("with unexpected signal code") }) {
      // SwiftPM's words when no runtime message came first (a stack overflow, say).
      let code = signal.split(separator: " ").last.map(String.init) ?? "?"
      let recursion = code == "11" || code == "10" ? " (endless recursion?)" : ""
      message = "the test process was killed by signal \(code)\(recursion)"
    }
    let base = root.standardizedFileURL.path
    let frames = lines.compactMap { line -> String? in
      guard let range = line.range(of: " at \(base)/") else { return nil }
      let rest = line[range.upperBound...]
      let location = rest.split(separator: " ").first.map(String.init) ?? String(rest)
      // Drop the column: file.swift:31:12 → file.swift:31.
      let parts = location.split(separator: ":")
      return parts.count >= 2 ? "\(parts[0]):\(parts[1])" : location
    }
    frame = frames.first { !$0.hasPrefix("Tests/") } ?? frames.first
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
    output.contains("Fatal error:") || output.contains("Program crashed:")
      || output.contains("with unexpected signal code")
  }
}
