import Foundation
import Testing

@testable import GraderCore

/// The grader's text checks read code without its comments and literals, as the compiler
/// tells them apart.
@Suite struct CodeTextTests {
  /// The code `source` leaves, without its white space.
  private func code(_ source: String) -> String {
    CodeText.withoutCommentsAndLiterals(source).filter { !$0.isWhitespace }
  }

  @Test(
    "Each literal and comment goes, and the code around it stays",
    arguments: [
      ("let a = b / c / d", "leta=b/c/d"),
      ("let half = (n / 2) / 3", "lethalf=(n/2)/3"),
      ("let x = y! / z /* a /* b */ c */ + w", "letx=y!/z+w"),
      (#"let r = /x"y/ + z"#, "letr=+z"),
      ("foo(/a/, x)", "foo(,x)"),
      ("return /a/.firstMatch(in: s)", "return.firstMatch(in:s)"),
      (##"let r = #/a/b/# + z"##, "letr=+z"),
      (##"let s = #"a \" b"# + c"##, "lets=+c"),
      (###"let s = ##"a "# b"## + c"###, "lets=+c"),
      (#"let s = "\(f("(")) x" + c"#, "lets=+c"),
      (#"let s = "a\\" + c"#, "lets=+c"),
      ("let s = \"open\nlet t = 1", "lets=lett=1"),
      ("let `a \"b` = 1 // \"", "let`a\"b`=1"),
      // After an operand, `-/` is one operator, as the compiler reads it (break round 12,
      // case 08: the import hid behind a "regex literal" from `/1;` to `/limit`).
      ("let k = 3-/1; import Testing // a/b", "letk=3-/1;importTesting"),
      ("let k = a!/b/c", "letk=a!/b/c"),
      // After a prefix operator, a regex literal may open: the compiler splits the two.
      ("foo(!/x/)", "foo(!)"),
    ])
  func literalsGo(source: String, expected: String) {
    #expect(code(source) == expected, "the code of: \(source)")
  }

  @Test("For comparing code, comments go and literals stay whole")
  func literalsStay() {
    let source = [
      "let s = \"a // b\" // c", "let r = #/x/*y/# /* z */ + 1", "let m = \"\"\"", "  one",
      "  \"\"\"", "",
    ].joined(separator: "\n")
    let lines = CodeText.withoutComments(source).split(
      separator: "\n", omittingEmptySubsequences: false
    ).map { $0.trimmingCharacters(in: .whitespaces) }
    #expect(lines[0] == "let s = \"a // b\"", "\(lines)")
    #expect(lines[1] == "let r = #/x/*y/#   + 1", "\(lines)")
    let literal = "\"\"\"⏎  one⏎  \"\"\""
    #expect(lines[4] == literal, "a multi-line literal ends its last line: \(lines)")
    #expect(lines.count == 6, "one line out for each line in: \(lines)")
  }

  @Test("Every line stays where it was, whatever literals and comments span lines")
  func linesStay() {
    let source = [
      "let a = 1",
      #"let b = #""""#,
      #"  a lone " and \(not) "#,
      ##"  """#"##,
      "/* one /* two",
      "  */ still */ let c = 3",
      "let d = #/",
      "  a / b",
      "  /#",
      #"let e = "\(["x",  "#,
      #"  "y"].count)""#,
      "let f = 6",
    ].joined(separator: "\n")
    let lines = CodeText.withoutCommentsAndLiterals(source)
      .split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.trimmingCharacters(in: .whitespaces) }
    #expect(lines.count == 12, "one line out for each line in: \(lines)")
    #expect(lines.first == "let a = 1", "\(lines)")
    #expect(lines[5] == "let c = 3", "code after a nested comment stays on its line: \(lines)")
    #expect(lines.last == "let f = 6", "\(lines)")
    #expect(
      !lines.joined().contains("lone") && !lines.joined().contains("\"y\""),
      "nothing of a literal is left: \(lines)")
  }
}
