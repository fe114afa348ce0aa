/// Splits what a test process printed by test, leaving out what SwiftPM, XCTest and Swift
/// Testing print themselves and the crash report (which the grader shows apart).
///
/// This works because the grader runs tests one at a time and the kata's test support makes
/// standard output line-buffered (Tests/KataLineBufferedOutput): every line a test prints
/// lands between Swift Testing's `Test "name" started.` and that test's closing line.
enum ProgramOutput {
  /// The learner's lines per test display name, in the order printed.
  static func byTest(in output: String) -> [String: [String]] {
    var found: [String: [String]] = [:]
    var current: String?
    for line in output.split(separator: "\n", omittingEmptySubsequences: false) {
      // The backtrace goes to standard error, after the test's own lines; the runtime's
      // one-line message may overtake them (SwiftPM relays the two streams separately).
      if line.contains("Program crashed:") || line.hasPrefix("*** Signal") { break }
      if line.contains("Fatal error:") || line.hasPrefix("swift-runtime:") { continue }
      if line.contains("bytes of output left out]") {
        current = nil  // The grader's cap cut the stream here: whose lines follow is unknown.
        continue
      }
      if let name = testName(in: line, endingWith: "\" started.") {
        current = name
        continue
      }
      if isFrameworkLine(line) {
        if line.contains("\" passed after") || line.contains("\" failed after")
          || line.contains("\" skipped")
        {
          current = nil
        }
        continue
      }
      if let current { found[current, default: []].append(String(line)) }
    }
    return found.mapValues { lines in
      Array(lines.reversed().drop { $0.trimmingCharacters(in: .whitespaces).isEmpty }.reversed())
    }
  }

  /// `◇ Test "Adds two numbers" started.` → `Adds two numbers` (a suite's line gives `nil`).
  static func testName(in line: Substring, endingWith suffix: String) -> String? {
    guard isFrameworkLine(line), line.hasSuffix(suffix),
      let open = line.range(of: " Test \"")
    else { return nil }
    let name = line[open.upperBound..<line.index(line.endIndex, offsetBy: -suffix.count)]
    return String(name)
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
    return openings.contains { line.hasPrefix($0) }
  }
}
