import Foundation

/// Reads what a crashed test process printed and keeps what a learner needs: the fatal
/// message and the first frame in their own code, not the whole backtrace.
struct CrashLog {
  /// The runtime's message, e.g. `Index out of range` or `Unexpectedly found nil …`.
  var message: String?
  /// The deepest frame in the kata's own sources, e.g. `Exercises/Lesson04Container/Container.swift:31`.
  var frame: String?

  init(output: String, root: URL) {
    let lines = output.split(separator: "\n", omittingEmptySubsequences: true)
    // The last fatal message is the parent's: an exit test's child prints its own first.
    if let fatal = lines.last(where: { $0.contains("Fatal error:") }) {
      let text = fatal.components(separatedBy: "Fatal error:").last ?? ""
      message = text.trimmingCharacters(in: .whitespaces)
      if message?.isEmpty == true { message = "Fatal error" }
    } else if let crashed = lines.last(where: { $0.contains("Program crashed:") }) {
      let text = crashed.components(separatedBy: "Program crashed:").last ?? ""
      message = text.replacingOccurrences(of: "*", with: "").trimmingCharacters(in: .whitespaces)
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
  }
}
