/// Splits what a test process printed by test, leaving out what SwiftPM, XCTest and Swift
/// Testing print themselves and the crash report (which the grader shows apart).
///
/// This works because the grader runs tests one at a time and the kata's test support sends
/// standard output, unbuffered, to standard error, where Swift Testing writes its console
/// lines (Tests/KataOrderedOutput): every line a test prints lands between
/// `Test "name" started.` and that test's closing line.
enum ProgramOutput {
  /// One test's share of the output, in the order the tests started.
  struct Segment: Equatable {
    /// The display name from the console line.
    var name: String
    var lines: [String]
    /// Only the lines after a cut in the output: they replace what the test printed before.
    var afterCut = false
  }

  /// The learner's lines per test id. `started` lists the tests of this run in the order the
  /// event stream reported them starting (id, display name): since tests run one at a time,
  /// the n-th `Test "…" started.` line belongs to the n-th of them, so two tests with the same
  /// display name still get their own lines.
  static func byID(in output: String, started: [(id: String, name: String)]) -> [String: [String]] {
    var found: [String: [String]] = [:]
    var next = started.startIndex
    var latest: [String: String] = [:]
    for segment in segments(in: output) {
      if segment.afterCut {
        let id = latest[segment.name] ?? started.last { $0.name == segment.name }?.id
        if let id { found[id] = segment.lines }
        continue
      }
      // A started line lost in a cut leaves its test without lines: look ahead by name.
      guard let index = started[next...].firstIndex(where: { $0.name == segment.name }) else {
        continue
      }
      let id = started[index].id
      next = started.index(after: index)
      latest[segment.name] = id
      found[id, default: []] += segment.lines
    }
    // A test whose whole share fell in the middle the grader left out has no segment at all:
    // say so, rather than show it as a test that printed nothing.
    if CappedBuffer.hasCut(output) {
      for (id, _) in started where found[id] == nil {
        found[id] = [TestResult.cutNotice + ": the run printed too much)"]
      }
    }
    return found
  }

  /// The learner's lines per test display name, in the order printed.
  static func byTest(in output: String) -> [String: [String]] {
    var found: [String: [String]] = [:]
    for segment in segments(in: output) {
      if segment.afterCut {
        found[segment.name] = segment.lines
      } else {
        found[segment.name, default: []] += segment.lines
      }
    }
    return found
  }

  /// The output split at each test's `started` line, without the frameworks' lines.
  ///
  /// After a cut (the grader keeps the head and the tail of a flood), the lines that follow
  /// belong to the first test Swift Testing names after them (an issue, a parameterized case,
  /// an ending): only that test can have been running. When none is named (a hang, a crash),
  /// they belong to the test that was printing at the cut.
  static func segments(in output: String) -> [Segment] {
    var segments: [Segment] = []
    var open = false
    // The lines since the cut, while no test has taken them; nil when there was no cut.
    var afterCut: [String]?
    // The test named since the cut, and the one printing at the cut.
    var afterCutOwner: String?
    var cutIn: String?
    let notice = TestResult.cutNotice + ": the run printed too much)"
    func closeAfterCut() {
      if let lines = afterCut, let name = afterCutOwner ?? cutIn,
        afterCutOwner != nil || !lines.isEmpty
      {
        segments.append(Segment(name: name, lines: [notice] + lines, afterCut: true))
      }
      afterCut = nil
      afterCutOwner = nil
    }
    let lines = output.split(separator: "\n", omittingEmptySubsequences: false).flatMap(unglued)
    for line in lines {
      if CappedBuffer.hasCut(line) {
        closeAfterCut()
        cutIn = open ? segments.last?.name : nil
        if open { segments[segments.count - 1].lines.append(TestResult.restCutNotice) }
        open = false
        afterCut = []
        continue
      }
      if let name = testName(in: line, endingWith: "\" started.") {
        closeAfterCut()
        segments.append(Segment(name: name, lines: []))
        open = true
        continue
      }
      if isFrameworkLine(line) {
        if afterCut != nil, let name = namedTest(in: line) {
          if afterCutOwner == nil {
            afterCutOwner = name
          } else if afterCutOwner != name {
            closeAfterCut()
            afterCut = []
            afterCutOwner = name
          }
        }
        if let name = endedTestName(in: line) {
          if afterCut != nil, afterCutOwner == name { closeAfterCut() }
          open = false
        }
        continue
      }
      guard let noisy = withoutCrashNoise(line), let line = withoutEscapes(noisy) else { continue }
      if open {
        segments[segments.count - 1].lines.append(String(line))
      } else if afterCut != nil {
        afterCut?.append(String(line))
      }
    }
    closeAfterCut()
    return segments
  }

  /// `✘ Test "Adds two numbers" failed after 0.1 seconds …` → `Adds two numbers`; also
  /// `✔ Test "…" with 3 test cases passed after …`, the ending of a parameterized test.
  static func endedTestName(in line: Substring) -> String? {
    guard let open = line.range(of: " Test \"") else { return nil }
    for ending in ["\" passed after", "\" failed after", "\" skipped"] {
      if let close = line.range(of: ending, options: .backwards), close.lowerBound > open.upperBound
      {
        return String(line[open.upperBound..<close.lowerBound])
      }
    }
    if let close = line.range(of: "\" with ", options: .backwards),
      close.lowerBound > open.upperBound,
      case let rest = line[close.upperBound...], rest.contains(" test case"),
      rest.contains(" passed after ") || rest.contains(" failed after ")
    {
      return String(line[open.upperBound..<close.lowerBound])
    }
    return nil
  }

  /// The test a Swift Testing line is about: its start, an issue it recorded, one of its
  /// cases starting (`◇ Test case passing 2 arguments … to "…" started.`), its ending.
  static func namedTest(in line: Substring) -> String? {
    if let name = testName(in: line, endingWith: "\" started.") ?? endedTestName(in: line) {
      return name
    }
    if line.contains(" Test case passing "), line.hasSuffix("\" started."),
      let open = line.range(of: " to \"", options: .backwards)
    {
      return String(
        line[open.upperBound..<line.index(line.endIndex, offsetBy: -"\" started.".count)])
    }
    if let open = line.range(of: " Test \""),
      let close = line[open.upperBound...].range(of: "\" recorded an issue")
    {
      return String(line[open.upperBound..<close.lowerBound])
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
    // stdlib/public/runtime/Backtrace.cpp), e.g. that it cannot backtrace on macOS; the
    // backtracer's own with "swift-runtime:", e.g. "failed to suspend thread … while
    // processing a crash", seen on a loaded 2-core Linux machine.
    if rest.contains("Fatal error:") || CrashLog.runtimeMessage(in: rest) != nil
      || rest.hasPrefix("swift runtime:") || rest.hasPrefix("swift-runtime:")
      || rest.hasPrefix("*** Program crashed")
    {
      return nil
    }
    if rest.hasPrefix("*** Signal"), let from = rest.range(of: "Backtracing from 0x") {
      rest = rest[from.upperBound...].drop { $0.isHexDigit }.drop { $0 == "." }
    }
    if rest.hasSuffix("done ***") { rest = rest.dropLast("done ***".count) }
    // SwiftPM's own verdict on the test process, sometimes glued to the backtracer's ` done`.
    if let verdict = rest.range(of: "error: Process '") ?? rest.range(of: "error: Exited with ") {
      rest = rest[..<verdict.lowerBound]
      if rest.trimmingCharacters(in: .whitespaces) == "done" { rest = "" }
    }
    if rest.allSatisfy({ $0 == "*" || $0 == " " }) { return nil }
    let trimmed = rest.trimmingCharacters(in: .whitespaces)
    return trimmed.isEmpty ? nil : rest
  }

  /// The line without terminal escape sequences (colours, cursor moves, window titles) and
  /// other control characters, or `nil` when nothing else is left: the grader paints its own
  /// report, and `NO_COLOR`, a log or `--json` wants none of the learner's. C1 controls
  /// (U+0080–U+009F) go too: some terminals read U+009B as ESC [, so they could colour or
  /// move the report as ESC does. Tabs stay.
  static func withoutEscapes(_ line: Substring) -> Substring? {
    func isControl(_ scalar: Unicode.Scalar) -> Bool {
      (scalar.value < 0x20 && scalar != "\t") || (0x7F...0x9F).contains(scalar.value)
        // Bidirectional overrides and isolates, which reorder the rest of a terminal line.
        || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }
    guard line.unicodeScalars.contains(where: isControl) else { return line }
    var kept = ""
    var scalars = line.unicodeScalars[...]
    while let scalar = scalars.popFirst() {
      guard isControl(scalar) else {
        kept.unicodeScalars.append(scalar)
        continue
      }
      // What a control introduces: CSI (ESC [ or U+009B) runs to a final byte in @…~; OSC,
      // DCS and the like (ESC ], ESC P, U+009D, U+0090…) to BEL or a string terminator;
      // another escape is ESC and a character or two.
      var introducer = scalar.value
      if scalar == "\u{1B}", let next = scalars.first, (0x40...0x5F).contains(next.value) {
        introducer = next.value + 0x40
        scalars = scalars.dropFirst()
      } else if scalar == "\u{1B}" {
        // ESC, intermediate bytes (space…/), one final byte: `ESC ( B`, `ESC 7`.
        scalars = scalars.drop { (0x20...0x2F).contains($0.value) }.dropFirst()
        continue
      }
      switch introducer {
      case 0x9B:
        scalars = scalars.drop { !(0x40...0x7E).contains($0.value) }.dropFirst()
      case 0x90, 0x98, 0x9D, 0x9E, 0x9F:
        scalars = scalars.drop { $0 != "\u{07}" && $0 != "\u{9C}" && $0 != "\u{1B}" }
        if scalars.first == "\u{1B}" { scalars = scalars.dropFirst() }  // ESC \, the terminator
        scalars = scalars.dropFirst()
      default:
        break
      }
    }
    return kept.trimmingCharacters(in: .whitespaces).isEmpty ? nil : Substring(kept)
  }

  /// A line split where Swift Testing's own line begins after text a test printed without a
  /// final newline (`loading✘ Test "…" failed …`), so that line still opens or closes its test.
  static func unglued(_ line: Substring) -> [Substring] {
    let scalars = line.unicodeScalars
    guard !scalars.isEmpty else { return [line] }
    // Only the opening after a symbol is looked at, so a long line full of symbols is read
    // once: a test's line opens `✔ Test "…`, `◇ Test case …`, `✔ Test run …`, `◇ Suite …`.
    var pieces: [Substring] = []
    var start = scalars.startIndex
    var at = scalars.index(after: scalars.startIndex)
    while at < scalars.endIndex {
      if isSwiftTestingSymbol(scalars[at]) {
        var after = scalars.index(after: at)
        if after < scalars.endIndex, scalars[after] == "\u{FE0E}" {
          after = scalars.index(after: after)
        }
        let opening = String(String.UnicodeScalarView(scalars[after...].prefix(7)))
        if opening.hasPrefix(" Test ") || opening.hasPrefix(" Suite ") {
          pieces.append(Substring(scalars[start..<at]))
          start = at
        }
      }
      at = scalars.index(after: at)
    }
    pieces.append(Substring(scalars[start...]))
    return pieces
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
  /// Swift Testing's console symbols (`Event.Symbol.unicodeCharacter` in swift-testing:
  /// ◇ ➜ ━ ✔ ✘ ± ⚠ ↳ ⎙), and the SF Symbols it may print on a Mac instead, which live in
  /// plane 16's private use area. A learner's own `→ loading` or `• item` is not one of them.
  static func isSwiftTestingSymbol(_ scalar: Unicode.Scalar) -> Bool {
    let symbols: Set<UInt32> = [
      0x25C7, 0x279C, 0x2501, 0x2714, 0x2718, 0x00B1, 0x26A0, 0x21B3, 0x2399,
    ]
    return symbols.contains(scalar.value) || (0x10_0000...0x10_FFFD).contains(scalar.value)
  }

  static func isFrameworkLine(_ line: Substring) -> Bool {
    if let first = line.unicodeScalars.first, isSwiftTestingSymbol(first),
      line.unicodeScalars.dropFirst().drop(while: { $0 == "\u{FE0E}" }).first == " "
    {
      return true
    }
    let openings = [
      "Test Suite '", "Test Case '", "\t Executed ", "Building for ", "Build complete",
      "[0/1] Planning build", "Build of product",
    ]
    return openings.contains { line.hasPrefix($0) } || isIssueFragment(line)
  }

  /// Whether `line` is the tail of Swift Testing's issue line without its opening (`… at
  /// Task5Tests.swift:199:9: Expectation failed: finished`): seen once on a loaded machine,
  /// where the line reached the grader in two pieces with other output between them.
  static func isIssueFragment(_ line: Substring) -> Bool {
    let kinds = ["Expectation failed", "Caught error", "Issue recorded", "Unconditionally failed"]
    guard let kind = kinds.first(where: { line.contains(": \($0)") }),
      let colon = line.range(of: ": \(kind)")
    else { return false }
    // `File.swift:12:5` just before it.
    let place = line[..<colon.lowerBound].split(separator: " ").last ?? ""
    let parts = place.split(separator: ":")
    return parts.count == 3 && parts[0].hasSuffix(".swift") && Int(parts[1]) != nil
      && Int(parts[2]) != nil
  }
}
