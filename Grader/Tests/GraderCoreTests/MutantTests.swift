import Foundation
import Testing

@testable import GraderCore
@testable import GraderMaintenance

@Suite struct MutantMakerTests {
  @Test("Statements of bodies are deleted; declarations, labels, braces and comments are not")
  func deletions() {
    let source = """
      import Foundation

      /// A counter.
      public final class Counter {
        private var count = 0
        let step: Int

        init(step: Int) {
          self.step = step
        }

        // A comment.
        func tick(_ event: String) -> Int {
          guard !event.isEmpty else { return count }
          count += step
          if count > 10 {
            reset()
          } else {
            log("ticked")
          }
          switch event {
          case "stop":
            reset()
          default:
            break
          }
          let label = "x"
          notify(label, extra: [
            1, 2,
          ])
          return count
        }
      }
      """
    let deleted = MutantMaker.mutants(of: source, file: "Counter.swift")
      .filter { $0.kind == .deleteLine }.map { $0.original.trimmingCharacters(in: .whitespaces) }
    #expect(
      deleted == [
        "self.step = step",
        "guard !event.isEmpty else { return count }",
        "count += step",
        "reset()",
        "log(\"ticked\")",
        "reset()",
        "break",
        "return count",
      ])
  }

  @Test("Operators are swapped each way, each occurrence apart, only inside bodies")
  func swaps() {
    let source = """
      struct Gate<Value: Equatable> where Value: Sendable {
        var isOpen = false
        func check(_ a: Int, _ b: Int) -> Bool { a == b }
        func run(_ a: Int, _ b: Int) -> [Int] {
          if a != b && a < b || a >= 1 { return Array(0..<a) }
          let message = "a == b && true"  // a > b
          var next = a + 1
          next -= 1
          next = next + 10
          return [a > b ? next : 0, a <= b ? 1 : 0, isTrue ? 1 : 0] + (true ? [] : [1])
        }
      }
      """
    let swaps = MutantMaker.mutants(of: source, file: "Gate.swift").compactMap {
      mutant -> String? in
      guard case .swap = mutant.kind else { return nil }
      return "\(mutant.line): \(mutant.kind)"
    }
    #expect(
      swaps == [
        "3: == → !=",
        "5: != → ==", "5: && → ||", "5: < → >=", "5: || → &&", "5: >= → <",
        "7: + 1 → - 1",
        "8: -= 1 → += 1",
        "10: > → <=", "10: <= → >", "10: true → false",
      ])
  }

  @Test("A mutant changes only its own line and keeps the others' numbers")
  func apply() throws {
    let source = "func f() -> Bool {\n  log()\n  return true\n}\n"
    let mutants = MutantMaker.mutants(of: source, file: "F.swift")
    let deletion = try #require(mutants.first { $0.kind == .deleteLine && $0.line == 2 })
    #expect(deletion.apply(to: source) == "func f() -> Bool {\n\n  return true\n}\n")
    let swap = try #require(mutants.first { $0.kind == .swap(from: "true", to: "false") })
    #expect(swap.apply(to: source) == "func f() -> Bool {\n  log()\n  return false\n}\n")
  }

  @Test("Strings, interpolations and block comments are read as such")
  func stringsAndComments() {
    let source = #"""
      func f(_ a: Int) -> String {
        /* a block
           comment == true */
        let text = """
          a == b
          \(a == 1)
          """
        print("\(a > 1 ? "yes" : "no") { not a brace")
        return text
      }
      """#
    let mutants = MutantMaker.mutants(of: source, file: "F.swift")
    #expect(
      mutants.map { "\($0.line): \($0.kind)" } == [
        "6: == → !=",
        "8: delete line", "8: > → <=",
        "9: delete line",
      ])
  }
}

@Suite struct JustificationTests {
  @Test("Entries are read by file, line text and mutation; comments and blank lines are skipped")
  func parse() throws {
    let text = """
      # File.swift | line | mutation | reason

      Gate.swift | if a || b { return } | && → || | both ways are right
      Gate.swift | log(a | b) | delete line | only logs
      Gate.swift | nonsense
      """
    let (entries, problems) = Justification.parse(text)
    #expect(entries.count == 2)
    #expect(entries.first?.kind == .swap(from: "&&", to: "||"))
    #expect(entries.last?.line == "log(a | b)", "a line's text may hold ` | `")
    #expect(problems.count == 1 && problems.first?.hasPrefix("5:") == true)

    let mutant = Mutant(
      file: "Gate.swift", line: 40, kind: .deleteLine, original: "    log(a | b)",
      replacement: nil)
    #expect(try #require(entries.last).covers(mutant), "found by text, whatever the line number")
    var other = mutant
    other.kind = .swap(from: "true", to: "false")
    #expect(!(try #require(entries.last).covers(other)), "another mutation of that line is not")
  }

  @Test("--mutants takes one lesson and a 10-second time limit unless told otherwise")
  func options() throws {
    let options = try Options(arguments: ["--mutants", "lesson04"])
    #expect(options.mode == .mutants && options.lessons == ["lesson04"])
    #expect(options.timeLimit == 10)
    #expect(try Options(arguments: ["--mutants", "4", "--timeout", "3"]).timeLimit == 3)
    #expect(throws: GraderError.self) { try Options(arguments: ["--mutants"]) }
    #expect(throws: GraderError.self) { try Options(arguments: ["--mutants", "1", "--json"]) }
    #expect(Options.help.contains("--mutants"))
  }
}
