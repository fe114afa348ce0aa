/// Swift source as the grader's text checks read it: the code, without its comments and
/// literals.
///
/// The checks that look for a declaration in a learner's file (``ModuleShadowing``), for a
/// smell a lesson names (``SmellSearch``) or for hidden state in the grader itself match
/// patterns line by line; a word inside a comment or a string is not code, and code after a
/// literal must not be taken for part of it. So the literal forms are read as the compiler
/// reads them: `"…"` and `"""…"""` with `\` escapes and `\(…)` interpolations (which may hold
/// further strings and parentheses), raw strings (`#"…"#`, `##"…"##`, `#"""…"""#`, where only
/// `\#` escapes), regex literals (`/…/`, `#/…/#`, multi-line `#/ … /#`), and nested block
/// comments. A string that a line ends before it closes (a compile error) ends there, so one
/// mistake hides no more than the rest of its line.
///
/// Source: The Swift Programming Language, "Lexical Structure" (string literals, regular
/// expression literals, comments); SE-0200 (raw strings); SE-0354 (regex literals: a bare
/// `/` opens one only where an operand may start, never before a space or a tab, and only when
/// it closes on the same line).
enum CodeText {
  /// `source` with comments, string literals (their interpolations included) and regex
  /// literals blanked out, and every line break kept, so that line numbers stay right.
  ///
  /// A literal or a block comment leaves one space in its place; a line comment leaves
  /// nothing.
  ///
  /// - Parameter source: The text of a Swift file.
  /// - Returns: The code alone, line for line.
  static func withoutCommentsAndLiterals(_ source: String) -> String {
    var lexer = Lexer(text: Array(source.unicodeScalars))
    lexer.code(endsAtUnmatchedParenthesis: false)
    return String(lexer.output)
  }

  /// `source` without its comments; each literal is kept whole, on the line where it ends
  /// (its own line breaks written as `⏎`), after the line breaks it spans.
  ///
  /// For comparing code, not for reading it: two sources whose code and literals are the
  /// same, line for line, give the same text, whatever their comments.
  ///
  /// - Parameter source: The text of a Swift file.
  static func withoutComments(_ source: String) -> String {
    var lexer = Lexer(text: Array(source.unicodeScalars))
    lexer.keepsLiterals = true
    lexer.code(endsAtUnmatchedParenthesis: false)
    return String(lexer.output)
  }
}

/// Reads Swift source one Unicode scalar at a time, as the compiler's lexer does for the
/// literal forms (it works on UTF-8, so a `"` followed by a combining mark is still a quote).
private struct Lexer {
  /// What the last token was, which decides whether a `/` opens a regex literal.
  enum Token {
    /// An identifier, a literal or a closing bracket: a `/` after it divides.
    case operand
    /// Anything else (an operator, an opening bracket, a comma, a keyword such as
    /// `return`, the file's start): a `/` after it may open a regex literal.
    case other
  }

  /// Keywords after which an expression starts, so a `/` opens a regex literal.
  static let keywordsBeforeExpression: Set<String> = [
    "return", "case", "in", "where", "if", "guard", "while", "try", "await", "throw", "switch",
    "else", "repeat", "yield", "is", "as",
  ]

  let text: [Unicode.Scalar]
  var position = 0
  var output = String.UnicodeScalarView()
  /// Inside a literal's interpolation, whose code is blanked with the literal: only line
  /// breaks are written.
  var blanking = 0
  var last = Token.other
  /// Whether a literal is written out whole (``CodeText/withoutComments(_:)``) rather than
  /// blanked.
  var keepsLiterals = false
  /// Whether the run of operator characters being read started right after an operand
  /// (`3-`): a binary or postfix operator, which a `/` right after it continues (`3-/1` is
  /// the operator `-/`), where after a prefix one (`(!/x/)`) a regex literal may open.
  var operatorAfterOperand = false

  /// The characters an operator is made of (The Swift Programming Language, "Lexical
  /// Structure", operators; the Unicode ones left out).
  static let operatorCharacters: Set<Unicode.Scalar> = [
    "/", "=", "-", "+", "!", "*", "%", "<", ">", "&", "|", "^", "~", "?",
  ]

  init(text: [Unicode.Scalar]) { self.text = text }

  /// The scalar `offset` places ahead, or `nil` past the end.
  ///
  /// - Parameter offset: How far ahead of the current position; 0 is the current scalar.
  func peek(_ offset: Int = 0) -> Unicode.Scalar? {
    position + offset < text.count ? text[position + offset] : nil
  }

  /// Whether `scalar` ends a line (a single-line literal cannot go past it).
  ///
  /// - Parameter scalar: The scalar read, or `nil` at the end.
  static func isLineEnd(_ scalar: Unicode.Scalar?) -> Bool { scalar == "\n" || scalar == "\r" }

  /// Writes `scalar` when it is code outside every literal; a line break always.
  ///
  /// - Parameter scalar: The scalar to keep.
  mutating func emit(_ scalar: Unicode.Scalar) {
    if blanking == 0 || scalar == "\n" { output.append(scalar) }
  }

  /// Moves past one scalar of a comment or a literal, keeping its line break.
  mutating func skip() {
    if text[position] == "\n" { output.append("\n") }
    position += 1
  }

  /// How many `#` follow from `offset` on: a raw literal's delimiter.
  ///
  /// - Parameter offset: Where to start counting, from the current position.
  func hashes(from offset: Int) -> Int {
    var count = 0
    while peek(offset + count) == "#" { count += 1 }
    return count
  }

  /// Whether `scalars` come next, from `offset` on.
  ///
  /// - Parameters:
  ///   - scalars: The text expected, such as a literal's closing delimiter.
  ///   - offset: Where it would start, from the current position.
  func matches(_ scalars: String, at offset: Int = 0) -> Bool {
    scalars.unicodeScalars.enumerated().allSatisfy { peek(offset + $0.offset) == $0.element }
  }

  /// Reads code until the end, or (for an interpolation) past the `)` that closes it.
  ///
  /// - Parameter endsAtUnmatchedParenthesis: Whether a `)` with no `(` before it ends the
  ///   code: the end of `\(…)` inside a string.
  mutating func code(endsAtUnmatchedParenthesis: Bool) {
    var depth = 0
    while let scalar = peek() {
      switch scalar {
      case "/" where peek(1) == "/":
        while let next = peek(), !Self.isLineEnd(next) { position += 1 }
      case "/" where peek(1) == "*":
        blockComment()
      case "\"":
        string(hashes: 0)
      case "#" where peek(hashes(from: 0)) == "\"":
        string(hashes: hashes(from: 0))
      case "#" where peek(hashes(from: 0)) == "/":
        regex(hashes: hashes(from: 0))
      case "/" where opensRegex():
        regex(hashes: 0)
      case "`":
        // An identifier in backticks (Swift 6.2 allows spaces and quotes in one): code, kept.
        emit(scalar)
        position += 1
        while let next = peek(), next != "`", !Self.isLineEnd(next) {
          emit(next)
          position += 1
        }
        if peek() == "`" {
          emit("`")
          position += 1
        }
        last = .operand
      case "(":
        depth += 1
        emit(scalar)
        position += 1
        last = .other
      case ")":
        position += 1
        if endsAtUnmatchedParenthesis && depth == 0 { return }
        depth -= 1
        emit(scalar)
        last = .operand
      case "]", "}":
        emit(scalar)
        position += 1
        last = .operand
      case "!", "?":
        // Postfix right after an operand (`value!`), it leaves an operand.
        let postfix = position > 0 && !text[position - 1].properties.isWhitespace
        noteOperatorCharacter()
        if !(postfix && last == .operand) { last = .other }
        emit(scalar)
        position += 1
      case _ where Self.isWordPart(scalar):
        var word = ""
        while let next = peek(), Self.isWordPart(next) {
          word.unicodeScalars.append(next)
          emit(next)
          position += 1
        }
        last = Self.keywordsBeforeExpression.contains(word) ? .other : .operand
      default:
        if Self.operatorCharacters.contains(scalar) { noteOperatorCharacter() }
        emit(scalar)
        position += 1
        if !scalar.properties.isWhitespace { last = .other }
      }
    }
  }

  /// Called at an operator character, before it is read: at the first of a run, notes
  /// whether the run follows an operand directly.
  mutating func noteOperatorCharacter() {
    let previous = position > 0 ? text[position - 1] : nil
    if let previous, Self.operatorCharacters.contains(previous) { return }  // the run goes on
    operatorAfterOperand = last == .operand && previous.map { !$0.properties.isWhitespace } == true
  }

  /// Whether `scalar` is part of an identifier, a keyword or a number.
  ///
  /// - Parameter scalar: The scalar read.
  static func isWordPart(_ scalar: Unicode.Scalar) -> Bool {
    scalar == "_" || scalar == "$" || scalar.properties.isAlphabetic
      || scalar.properties.numericType != nil
  }

  /// Skips a block comment, nested ones included, from its `/*`.
  mutating func blockComment() {
    var depth = 0
    repeat {
      if matches("/*") {
        depth += 1
        position += 2
      } else if matches("*/") {
        depth -= 1
        position += 2
      } else {
        skip()
      }
    } while depth > 0 && position < text.count
    emit(" ")
  }

  /// Whether the bare `/` here opens a regex literal rather than dividing: an operand may
  /// start here, no space or tab follows, and an unescaped `/` closes it on the same line with
  /// no `)` it did not open (`(a /) / b` divides).
  func opensRegex() -> Bool {
    guard last == .other, let next = peek(1), next != " ", next != "\t", !Self.isLineEnd(next)
    else { return false }
    // Right after a binary or postfix operator's characters, `/` is one more of them.
    if position > 0, Self.operatorCharacters.contains(text[position - 1]), operatorAfterOperand {
      return false
    }
    var offset = 1
    var parentheses = 0
    while let scalar = peek(offset), !Self.isLineEnd(scalar) {
      switch scalar {
      case "\\": offset += 1
      case "(": parentheses += 1
      case ")":
        parentheses -= 1
        if parentheses < 0 { return false }
      case "/": return true
      default: break
      }
      offset += 1
    }
    return false
  }

  /// Skips a regex literal from its first `#` (or its `/`), to the `/` and as many `#` that
  /// close it. Only an extended one (`#/` then a line break) spans lines.
  ///
  /// - Parameter count: How many `#` open it (none for a bare `/`).
  mutating func regex(hashes count: Int) {
    let start = position
    defer { last = .operand }
    position += count + 1
    let closing = "/" + String(repeating: "#", count: count)
    let multiline = count > 0 && Self.isLineEnd(peek())
    while let scalar = peek() {
      if !multiline && Self.isLineEnd(scalar) { break }
      if matches(closing) {
        position += closing.unicodeScalars.count
        break
      }
      if scalar == "\\" && position + 1 < text.count { skip() }
      skip()
    }
    endLiteral(from: start)
  }

  /// Writes what stands for the literal read from `start`: one space, or the literal itself.
  mutating func endLiteral(from start: Int) {
    guard keepsLiterals, blanking == 0 else { return emit(" ") }
    for scalar in text[start..<position] {
      output.append(Self.isLineEnd(scalar) ? "⏎" : scalar)
    }
  }

  /// Skips a string literal from its first `#` (or its `"`), interpolations included, to the
  /// quote or quotes and as many `#` that close it.
  ///
  /// In a raw string only `\` followed by the same number of `#` escapes, so `#"\"#` is a
  /// string of one backslash.
  ///
  /// - Parameter count: How many `#` open it (none for a plain string).
  mutating func string(hashes count: Int) {
    let start = position
    defer { last = .operand }
    position += count
    let delimiters = String(repeating: "#", count: count)
    let multiline = matches("\"\"\"")
    position += multiline ? 3 : 1
    let closing = (multiline ? "\"\"\"" : "\"") + delimiters
    let escape = "\\" + delimiters
    while let scalar = peek() {
      if !multiline && Self.isLineEnd(scalar) { break }
      if matches(closing) {
        position += closing.unicodeScalars.count
        break
      }
      if matches(escape) {
        position += escape.unicodeScalars.count
        if peek() == "(" {
          position += 1
          blanking += 1
          code(endsAtUnmatchedParenthesis: true)
          blanking -= 1
        } else if peek() != nil {
          skip()
        }
        continue
      }
      skip()
    }
    endLiteral(from: start)
  }
}
