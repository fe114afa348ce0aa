/// Splits what a test process printed by test, leaving out what SwiftPM, XCTest and Swift
/// Testing print themselves and the crash report (which the grader shows apart).
///
/// This works because the grader runs tests one at a time and the kata's test support sends
/// standard output, line by line, to standard error, where Swift Testing writes its console
/// lines (Tests/KataLineBufferedOutput): every line a test prints lands between
/// `Test "name" started.` and that test's closing line.
enum ProgramOutput {
  /// The learner's lines per test display name, in the order printed.
  static func byTest(in output: String) -> [String: [String]] {
    var found: [String: [String]] = [:]
    var current: String?
    // Lines after the grader's cap, before the next test ends: that test's, but cut short.
    var afterCut: [String]?
    for line in output.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.contains("bytes of output left out]") {
        current = nil
        afterCut = []
        continue
      }
      if let name = testName(in: line, endingWith: "\" started.") {
        current = name
        afterCut = nil
        continue
      }
      if isFrameworkLine(line) {
        if let name = endedTestName(in: line) {
          if let lines = afterCut, current == nil {
            found[name] = ["… (earlier lines left out: the run printed too much)"] + lines
          }
          afterCut = nil
          current = nil
        }
        continue
      }
      guard let line = withoutCrashNoise(line) else { continue }
      if let current {
        found[current, default: []].append(String(line))
      } else if afterCut != nil {
        afterCut?.append(String(line))
      }
    }
    return found
  }

  /// `✘ Test "Adds two numbers" failed after 0.1 seconds …` → `Adds two numbers`.
  static func endedTestName(in line: Substring) -> String? {
    guard let open = line.range(of: " Test \"") else { return nil }
    for ending in ["\" passed after", "\" failed after", "\" skipped"] {
      if let close = line.range(of: ending, options: .backwards), close.lowerBound > open.upperBound
      {
        return String(line[open.upperBound..<close.lowerBound])
      }
    }
    return nil
  }

  /// The line without what the runtime and the backtracer write to standard error when the
  /// process crashes, or `nil` when nothing else is left.
  ///
  /// SwiftPM relays the test process's standard output and standard error separately, so
  /// those messages can land before, after, or in the middle of a test's last line: the
  /// backtracer's banner is written in two parts (`*** Signal 4: Backtracing from 0x….` and,
  /// later, ` done ***`), and a printed line can arrive between them. The backtrace itself
  /// goes to a file (see TestRunner). Blank lines are dropped too.
  static func withoutCrashNoise(_ line: Substring) -> Substring? {
    var rest = line
    // The runtime's warnings open with "swift runtime:" (swiftlang/swift,
    // stdlib/public/runtime/Backtrace.cpp), e.g. that it cannot backtrace on macOS.
    if rest.contains("Fatal error:") || CrashLog.runtimeMessage(in: rest) != nil
      || rest.hasPrefix("swift runtime:") || rest.hasPrefix("*** Program crashed")
    {
      return nil
    }
    if rest.hasPrefix("*** Signal"), let from = rest.range(of: "Backtracing from 0x") {
      rest = rest[from.upperBound...].drop { $0.isHexDigit }.drop { $0 == "." }
    }
    if rest.hasSuffix("done ***") { rest = rest.dropLast("done ***".count) }
    let trimmed = rest.trimmingCharacters(in: .whitespaces)
    return trimmed.isEmpty ? nil : rest
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
