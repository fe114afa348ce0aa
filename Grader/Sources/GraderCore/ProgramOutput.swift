/// Picks what the learner's code printed out of a test process's output, leaving out what
/// SwiftPM, XCTest and Swift Testing print themselves and the crash report (shown apart).
///
/// The output cannot be split by test: `print` to a pipe is block-buffered, so a test's
/// lines reach the grader in chunks, often only when the process ends. The report says so.
enum ProgramOutput {
  /// The learner's lines from one test process's output.
  static func learnerLines(in output: String) -> [String] {
    var lines: [String] = []
    for line in output.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.contains("Fatal error:") || line.contains("Program crashed:") { break }
      if isFrameworkLine(line) { continue }
      lines.append(String(line))
    }
    while lines.first?.trimmingCharacters(in: .whitespaces).isEmpty == true { lines.removeFirst() }
    while lines.last?.trimmingCharacters(in: .whitespaces).isEmpty == true { lines.removeLast() }
    return lines
  }

  /// Swift Testing's lines start with one symbol and a space (◇, ✔, ✘, ↳, or an SF Symbol on
  /// macOS); XCTest's and SwiftPM's have fixed openings.
  static func isFrameworkLine(_ line: Substring) -> Bool {
    if let first = line.unicodeScalars.first, !first.isASCII,
      !first.properties.isAlphabetic, line.dropFirst().first == " "
    {
      return true
    }
    let openings = [
      "Test Suite '", "Test Case '", "\t Executed ", "Building for ", "Build complete",
      "[0/1] Planning build", "Build of product",
    ]
    if openings.contains(where: { line.hasPrefix($0) }) { return true }
    // SwiftPM's progress: [12/40] Compiling …
    if line.hasPrefix("["), let close = line.firstIndex(of: "]"),
      line[line.index(after: line.startIndex)..<close].allSatisfy({ $0.isNumber || $0 == "/" })
    {
      return true
    }
    return false
  }
}
