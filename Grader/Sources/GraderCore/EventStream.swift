import Foundation

/// One line of Swift Testing's JSON event stream, version 0
/// (`swift test --event-stream-output-path FILE --event-stream-version 0`).
///
/// Every record and event kind the schema defines is a case of its own, so the grader's
/// `switch` over them is exhaustive and no kind is ignored by accident; a kind a newer testing
/// library adds decodes as `.unknown` instead of failing. Unknown fields are ignored.
///
/// Source: swift-testing, Documentation/ABI/JSON.md and Sources/Testing/ABI/Encoded/
/// ABI.EncodedEvent.swift (kinds up to Swift 6.3, which added `testCancelled` and
/// `testCaseCancelled`).
enum StreamRecord: Decodable, Sendable {
  /// A test or suite of the run's plan.
  case test(TestRecord)
  /// Something that happened during the run.
  case event(EventRecord)
  /// A record kind this grader does not know (from a newer schema).
  case unknown(String)

  private enum CodingKeys: String, CodingKey { case kind, payload }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let kind = try container.decode(String.self, forKey: .kind)
    switch kind {
    case "test": self = .test(try container.decode(TestRecord.self, forKey: .payload))
    case "event": self = .event(try container.decode(EventRecord.self, forKey: .payload))
    default: self = .unknown(kind)
    }
  }

  /// A test or suite declared in the plan.
  struct TestRecord: Decodable, Sendable {
    var id: String
    var displayName: String?
    var name: String?
    var sourceLocation: SourceLocation?
    /// `suite` or `function`.
    var kind: String
  }

  /// One event of the run.
  struct EventRecord: Decodable, Sendable {
    var kind: EventKind
    var testID: String?
    var messages: [Message]?
    var issue: IssuePayload?
  }

  /// The kinds of event of schema version 0, as of Swift 6.3.
  enum EventKind: Decodable, Sendable, Equatable {
    case runStarted
    case testStarted
    case testCaseStarted
    case issueRecorded
    case valueAttached
    case testCaseEnded
    case testCaseCancelled
    case testEnded
    case testSkipped
    case testCancelled
    case runEnded
    /// A kind from a newer schema, kept by name.
    case unknown(String)

    init(rawValue: String) {
      switch rawValue {
      case "runStarted": self = .runStarted
      case "testStarted": self = .testStarted
      case "testCaseStarted": self = .testCaseStarted
      case "issueRecorded": self = .issueRecorded
      case "valueAttached": self = .valueAttached
      case "testCaseEnded": self = .testCaseEnded
      case "testCaseCancelled": self = .testCaseCancelled
      case "testEnded": self = .testEnded
      case "testSkipped": self = .testSkipped
      case "testCancelled": self = .testCancelled
      case "runEnded": self = .runEnded
      default: self = .unknown(rawValue)
      }
    }

    init(from decoder: any Decoder) throws {
      self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
    }
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
