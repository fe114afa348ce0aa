/// One small change to a solution's file: a line deleted, or one operator swapped.
///
/// `./grade.sh --mutants` grades the lesson once per mutant; a mutant that passes every test
/// shows behaviour of the solution that no test needs.
public struct Mutant: Sendable, Equatable {
  /// The file, relative to the lesson's module folder, e.g. `Container.swift`.
  public var file: String
  /// The line changed, counted from 1.
  public var line: Int
  /// What was changed.
  public var kind: MutationKind
  /// The line as the solution has it.
  public var original: String
  /// The line as the mutant has it; `nil` when the line is deleted.
  public var replacement: String?

  /// The whole file with this mutation applied to `source` (the file's original text).
  public func apply(to source: String) -> String {
    var lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard line >= 1, line <= lines.count else { return source }
    if let replacement {
      lines[line - 1] = replacement
    } else {
      // NB: an empty line instead of none keeps every other line's number.
      lines[line - 1] = ""
    }
    return lines.joined(separator: "\n")
  }
}

/// The kinds of mutation: deleting a statement line, or swapping an operator for its
/// opposite.
public enum MutationKind: Sendable, Equatable, Hashable, CustomStringConvertible {
  /// The line is deleted.
  case deleteLine
  /// One occurrence of `from` is replaced by `to`, e.g. `==` by `!=`.
  case swap(from: String, to: String)

  /// The swaps tried, each in both directions. Binary operators need a space on both
  /// sides (as swift-format writes them), so generics (`Array<Int>`), ranges (`..<`) and
  /// arrows (`->`) are never touched; `+ 1` and `- 1` need the `1` to stand alone.
  static let swaps: [(String, String)] = [
    ("==", "!="), ("<", ">="), (">", "<="), ("&&", "||"), ("true", "false"),
    ("+ 1", "- 1"), ("+= 1", "-= 1"),
  ]

  /// How it reads in the report and in `mutants.txt`: `delete line`, `== → !=`.
  public var description: String {
    switch self {
    case .deleteLine: return "delete line"
    case .swap(let from, let to): return "\(from) → \(to)"
    }
  }

  /// Reads a description back, e.g. from a justification.
  public init?(_ text: String) {
    let text = text.trimmingCharacters(in: .whitespaces)
    if text == "delete line" {
      self = .deleteLine
      return
    }
    let parts = text.components(separatedBy: " → ")
    guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else { return nil }
    self = .swap(from: parts[0], to: parts[1])
  }
}

/// Finds the mutants of one Swift file.
///
/// The rules, kept small on purpose:
/// - **Deleting a line.** A line is deleted when it is a statement of a body: it starts
///   inside a function, initializer, accessor or closure body (not at the level of a type or
///   the file), outside any parentheses or brackets; it opens and closes what it opens (no
///   `if x {` or `} else {`); and it is not blank, a comment, only brackets, a `case` or
///   `default` label, a `#if` line, or a declaration: of a type or function, and of a
///   `let` or `var` (deleting a declaration only makes a mutant that does not compile).
/// - **Swapping an operator.** Inside a body (a one-line body such as `{ left + right }`
///   counts), outside comments and string literals: `==`↔`!=`, `<`↔`>=`, `>`↔`<=`,
///   `&&`↔`||` with spaces around them, `true`↔`false` as whole words, and `+ 1`↔`- 1`,
///   `+= 1`↔`-= 1`. Each occurrence is one mutant.
public enum MutantMaker {
  /// The mutants of `source`, the text of `file`, in line order.
  public static func mutants(of source: String, file: String) -> [Mutant] {
    let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var scanner = SwiftScanner()
    var found: [Mutant] = []
    for (index, text) in lines.enumerated() {
      let scanned = scanner.scan(line: text)
      if scanned.isStatement {
        found.append(
          Mutant(
            file: file, line: index + 1, kind: .deleteLine, original: text, replacement: nil))
      }
      for (offset, from, to) in swaps(in: scanned) {
        var characters = Array(text)
        characters.replaceSubrange(offset..<offset + from.count, with: Array(to))
        found.append(
          Mutant(
            file: file, line: index + 1, kind: .swap(from: from, to: to), original: text,
            replacement: String(characters)))
      }
    }
    return found
  }

  /// The swappable operators of a scanned line: where each starts (a character offset),
  /// and what it becomes.
  static func swaps(in line: ScannedLine) -> [(Int, String, String)] {
    let code = line.code
    var found: [(Int, String, String)] = []
    for offset in code.indices where line.inBody[offset] {
      for (left, right) in MutationKind.swaps {
        for (from, to) in [(left, right), (right, left)]
        where matches(Array(from), in: code, at: offset) {
          found.append((offset, from, to))
        }
      }
    }
    return found
  }

  private static func matches(_ token: [Character], in code: [Character], at offset: Int) -> Bool {
    guard offset + token.count <= code.count,
      Array(code[offset..<offset + token.count]) == token
    else { return false }
    let before = offset > 0 ? code[offset - 1] : " "
    let after = offset + token.count < code.count ? code[offset + token.count] : " "
    if token.first?.isLetter == true || token.last == "1" {
      // A word (`true`) or a number (`+ 1`) stands alone: not `isTrue`, `.true`, `+ 10`.
      let wordBefore = token.first?.isLetter == true && (isIdentifier(before) || before == ".")
      let wordAfter = isIdentifier(after) || after == "."
      let spaced = token.first?.isLetter == true || before == " "
      return !wordBefore && !wordAfter && spaced
    }
    // A binary operator has a space on each side.
    return before == " " && after == " "
  }

  private static func isIdentifier(_ character: Character) -> Bool {
    character.isLetter || character.isNumber || character == "_"
  }
}

/// A line as the scanner saw it.
struct ScannedLine {
  /// The line with comments and the contents of string literals blanked out (same length).
  var code: [Character]
  /// For each character: whether it lies inside a function, initializer, accessor or
  /// closure body.
  var inBody: [Bool]
  /// Whether the line is a statement that can be deleted (see ``MutantMaker``).
  var isStatement: Bool
}

/// Reads Swift line by line, just well enough to know where comments, string literals and
/// bodies are. Not a parser: it needs code that compiles and is formatted as swift-format
/// writes it.
struct SwiftScanner {
  private enum Context: Equatable {
    /// A `{` of a type (struct, class, enum, extension, protocol, actor).
    case typeBrace
    /// A `{` of a function, initializer, accessor, closure or statement.
    case bodyBrace
    case paren
    case bracket
    /// A string literal; `multiline` for `"""`, `hashes` for `#"…"#`.
    case string(multiline: Bool, hashes: Int)
    /// The `\(` of an interpolation inside a string literal.
    case interpolation
  }

  private var stack: [Context] = []
  private var blockComments = 0
  /// The code since the last `{`, `}` or `;`: tells a type's `{` from a body's.
  private var header = ""

  private static let typeKeywords: Set<String> = [
    "struct", "class", "enum", "extension", "protocol", "actor",
  ]
  private static let memberKeywords: Set<String> = [
    "func", "init", "var", "let", "subscript", "deinit",
  ]
  private static let notStatements: Set<String> = [
    "func", "init", "deinit", "subscript", "struct", "class", "enum", "extension", "protocol",
    "actor", "typealias", "associatedtype", "import", "case", "default", "let", "var",
    "#if", "#else", "#elseif", "#endif",
  ]

  mutating func scan(line text: String) -> ScannedLine {
    let characters = Array(text)
    var code = characters
    var inBody = Array(repeating: false, count: characters.count)
    let startStack = stack
    let startsInCode = blockComments == 0 && !isInString
    var lowest = stack.count
    var index = 0
    func blank(_ range: Range<Int>) {
      for position in range where position < code.count { code[position] = " " }
    }
    while index < characters.count {
      let character = characters[index]
      let next = index + 1 < characters.count ? characters[index + 1] : nil
      if blockComments > 0 {
        if character == "*" && next == "/" {
          blockComments -= 1
          blank(index..<index + 2)
          index += 2
        } else if character == "/" && next == "*" {
          blockComments += 1
          blank(index..<index + 2)
          index += 2
        } else {
          blank(index..<index + 1)
          index += 1
        }
        continue
      }
      if case .string(let multiline, let hashes) = stack.last {
        let closing =
          Array(repeating: "\"", count: multiline ? 3 : 1)
          + Array(repeating: Character("#"), count: hashes)
        if character == "\\" {
          let interpolation =
            index + hashes + 1 < characters.count
            && characters[index + 1..<index + 1 + hashes].allSatisfy { $0 == "#" }
            && characters[index + 1 + hashes] == "("
          if interpolation {
            blank(index..<index + hashes + 1)
            stack.append(.interpolation)
            index += hashes + 2
          } else {
            blank(index..<min(index + 2, characters.count))
            index += 2
          }
          continue
        }
        if Array(characters[index..<min(index + closing.count, characters.count)]) == closing {
          stack.removeLast()
          lowest = min(lowest, stack.count)
          index += closing.count
          continue
        }
        blank(index..<index + 1)
        index += 1
        continue
      }
      inBody[index] = stack.contains(.bodyBrace)
      if character == "/" && next == "/" {
        blank(index..<characters.count)
        break
      }
      if character == "/" && next == "*" {
        blockComments += 1
        blank(index..<index + 2)
        index += 2
        continue
      }
      if character == "#" || character == "\"" {
        let hashes = characters[index...].prefix { $0 == "#" }.count
        let quotes = characters[(index + hashes)...].prefix { $0 == "\"" }.count
        if quotes > 0 {
          let multiline = quotes >= 3
          stack.append(.string(multiline: multiline, hashes: hashes))
          header += "\"\""
          index += hashes + (multiline ? 3 : 1)
          continue
        }
      }
      switch character {
      case "{":
        stack.append(isTypeHeader(header) ? .typeBrace : .bodyBrace)
        header = ""
      case "}":
        if stack.last == .bodyBrace || stack.last == .typeBrace { stack.removeLast() }
        header = ""
      case "(":
        stack.append(.paren)
      case ")":
        if stack.last == .interpolation {
          stack.removeLast()
          index += 1
          continue
        }
        if stack.last == .paren { stack.removeLast() }
      case "[":
        stack.append(.bracket)
      case "]":
        if stack.last == .bracket { stack.removeLast() }
      case ";":
        header = ""
      default:
        break
      }
      lowest = min(lowest, stack.count)
      header.append(character)
      index += 1
    }
    header.append(" ")
    let trimmed = String(code).trimmingCharacters(in: .whitespaces)
    let firstWord = Self.firstWord(of: trimmed)
    let isStatement =
      startsInCode && startStack.last == .bodyBrace && stack == startStack
      && lowest >= startStack.count
      && trimmed.contains { !"{}[]()),;".contains($0) && !$0.isWhitespace }
      && !firstWord.isEmpty && !Self.notStatements.contains(firstWord)
    return ScannedLine(code: code, inBody: inBody, isStatement: isStatement)
  }

  private var isInString: Bool {
    if case .string = stack.last { return true }
    return false
  }

  /// Whether the code before a `{` declares a type: of the declaration keywords in it, the
  /// last names a type (`class func f() {` is a function; `let x = 1` on the line before
  /// `struct Inner {` does not count).
  private func isTypeHeader(_ header: String) -> Bool {
    let words = header.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init)
    let last = words.last { Self.typeKeywords.contains($0) || Self.memberKeywords.contains($0) }
    return last.map(Self.typeKeywords.contains) ?? false
  }

  /// The first word after attributes and modifiers: `private static func` → `func`.
  private static func firstWord(of line: String) -> String {
    let modifiers: Set<String> = [
      "public", "private", "fileprivate", "internal", "package", "open", "static", "final",
      "override", "mutating", "nonmutating", "nonisolated", "lazy", "weak", "unowned",
      "convenience", "required", "indirect", "dynamic",
    ]
    for word in line.split(separator: " ") {
      let name = String(word.prefix { !"(:<{".contains($0) })
      if modifiers.contains(name) || word.hasPrefix("@") { continue }
      return name
    }
    return ""
  }
}
