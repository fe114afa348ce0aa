import Foundation

/// What the grader reads from a lesson's Markdown: its title and its task headings.
public struct LessonText: Sendable {
  /// The path relative to the root, e.g. `lessons/01-tight-coupling.md`.
  public let path: String
  /// The first `# ` heading, e.g. `Lesson 01 — Tight coupling`.
  public let title: String?
  /// Every `## Task N — …` heading, in order, without the `## `.
  public let taskHeadings: [String]
  /// The hints under each task heading, gentle to explicit, as Markdown.
  public let hints: [String: [String]]
  /// The searches for smells no test can see that the text asks the learner to run.
  package let searches: [SmellSearch]

  /// Reads `path` below `root`; `nil` when the file cannot be read.
  public init?(root: URL, path: String) {
    guard let text = RegularFile.text(at: root.appending(path: path)) else {
      return nil
    }
    self.init(path: path, markdown: text)
  }

  /// Parses Markdown that has already been read.
  ///
  /// A hint is a folded block under a task heading, in exactly this shape:
  /// `<details>`, `<summary>Hint N</summary>`, the hint's Markdown, `</details>`.
  public init(path: String, markdown: String) {
    self.path = path
    var title: String?
    var tasks: [String] = []
    var hints: [String: [String]] = [:]
    var inFence = false
    var hint: [String]?
    for line in markdown.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed.hasPrefix("```") { inFence.toggle() }
      if var lines = hint {
        if !inFence && trimmed == "</details>" {
          let text = lines.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
          if let task = tasks.last { hints[task, default: []].append(text) }
          hint = nil
        } else {
          lines.append(String(line))
          hint = lines
        }
        continue
      }
      if inFence { continue }
      if title == nil, line.hasPrefix("# ") {
        title = line.dropFirst(2).trimmingCharacters(in: .whitespaces)
      } else if line.hasPrefix("## ") {
        let heading = line.dropFirst(3).trimmingCharacters(in: .whitespaces)
        if heading.hasPrefix("Task ") { tasks.append(heading) } else { tasks.append("") }
      } else if trimmed.hasPrefix("<summary>Hint"), !(tasks.last ?? "").isEmpty {
        hint = []
      }
    }
    self.title = title
    self.taskHeadings = tasks.filter { !$0.isEmpty }
    self.hints = hints
    self.searches = SmellSearch.declared(in: markdown)
  }

  /// The link to a heading, as GitHub and most Markdown viewers anchor it:
  /// `lessons/01-tight-coupling.md#task-2--inject-the-clock`.
  public func link(toHeading heading: String) -> String {
    "\(path)#\(Self.anchor(for: heading))"
  }

  /// GitHub's anchor for a heading: lowercased; letters, digits, `-` and `_` kept; spaces
  /// become `-`; everything else dropped.
  public static func anchor(for heading: String) -> String {
    var anchor = ""
    for character in heading.lowercased() {
      if character == " " {
        anchor.append("-")
      } else if character.isLetter || character.isNumber || character == "-" || character == "_" {
        anchor.append(character)
      }
    }
    return anchor
  }
}
