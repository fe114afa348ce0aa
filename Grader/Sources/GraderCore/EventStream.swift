import Foundation

/// One line of Swift Testing's JSON event stream, version 0
/// (`swift test --event-stream-output-path FILE --event-stream-version 0`).
///
/// Only the fields the grader uses are decoded; unknown fields and kinds are ignored, so a
/// newer testing library that adds to the schema does not break grading.
///
/// Source: swift-testing, Documentation/ABI/JSON.md.
struct StreamRecord: Decodable, Sendable {
  /// `test` (a test or suite declared in the run's plan) or `event` (something happened).
  var kind: String
  var payload: Payload

  struct Payload: Decodable, Sendable {
    // kind == "test"
    var id: String?
    var displayName: String?
    var name: String?
    var sourceLocation: SourceLocation?
    // kind == "event"
    var testID: String?
    var messages: [Message]?
    var issue: IssuePayload?
    /// For a test: `suite` or `function`. For an event: `testStarted`, `issueRecorded`, ….
    var kind: String?
  }

  struct SourceLocation: Decodable, Sendable, Equatable {
    var fileID: String
    var line: Int
    var column: Int?
    var _filePath: String?
  }

  struct Message: Decodable, Sendable {
    var symbol: String
    var text: String
  }

  struct IssuePayload: Decodable, Sendable {
    var isKnown: Bool?
    var sourceLocation: SourceLocation?
  }
}

/// Reads a file that another process is still appending to, one complete line at a time.
///
/// The grader polls the event stream while `swift test` runs, so it knows which test is in
/// flight when a time limit passes or the process dies.
final class GrowingFileReader {
  private let url: URL
  private var handle: FileHandle?
  private var pending = Data()

  init(url: URL) { self.url = url }

  deinit { try? handle?.close() }

  /// The lines completed since the last call.
  func newLines() -> [Data] {
    if handle == nil { handle = try? FileHandle(forReadingFrom: url) }
    guard let handle, let data = try? handle.readToEnd(), !data.isEmpty else { return [] }
    pending.append(data)
    var lines: [Data] = []
    while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
      lines.append(pending[pending.startIndex..<newline])
      pending = Data(pending[pending.index(after: newline)...])
    }
    return lines
  }
}
