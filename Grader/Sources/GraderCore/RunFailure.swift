/// Something that failed in a test run outside every test: an issue that names no running
/// test, or the test process ending badly after its last test.
///
/// Swift Testing fails the run for either, but no test can carry it, so it counts against a
/// lesson as a whole: the lesson whose folder holds the place it happened, or, when the place
/// names no lesson (or there is none), every lesson of the run, since the grader cannot tell
/// whose code it was.
public struct RunFailure: Sendable, Equatable {
  /// What failed.
  public enum Kind: Sendable, Equatable {
    /// An issue recorded while no test it names was running (a detached task's `#expect` or
    /// a test double's `Issue.record`, after the test that started the work ended).
    case issue(Failure)
    /// The test process crashed, or `swift test` failed, after the last test ended; the text
    /// says which and where.
    case processEnd(String)
  }

  /// What failed.
  public var kind: Kind
  /// Where it happened, relative to the kata's root (a file, perhaps with `:line`), when known.
  public var place: String?

  /// A failure of `kind` that happened at `place`.
  ///
  /// - Parameters:
  ///   - kind: The issue, or what the test process did after its last test.
  ///   - place: The file it happened in, relative to the kata's root; `nil` when unknown.
  public init(kind: Kind, place: String?) {
    self.kind = kind
    self.place = place
  }

  /// Whether the failure counts against `lesson`: it happened in one of its folders, or in no
  /// folder of any lesson of `lessons`.
  ///
  /// A lesson's folders (`Exercises/<Module>`, `Solutions/<Module>`, a variant's
  /// `…/<Module>`, `Tests/<Module>Tests`) all have its module's name as one of their folders.
  ///
  /// - Parameters:
  ///   - lesson: The lesson being graded.
  ///   - lessons: The course's lessons, to tell another lesson's file from a shared one.
  func concerns(_ lesson: Lesson, among lessons: [Lesson]) -> Bool {
    guard let place else { return true }
    let folders = Set(place.split(separator: "/").dropLast().map(String.init))
    let owner = lessons.first { folders.contains($0.module) || folders.contains($0.testModule) }
    return owner.map { $0.module == lesson.module } ?? true
  }

  /// The sentences a lesson's report gives `failures`, or `nil` when there are none.
  ///
  /// Issues are counted and the first is quoted (its message and place); each ending of the
  /// process is said as it is.
  ///
  /// - Parameter failures: The failures that concern one lesson.
  static func problem(_ failures: [RunFailure]) -> String? {
    var sentences: [String] = []
    let issues = failures.compactMap { failure -> Failure? in
      if case .issue(let issue) = failure.kind { return issue }
      return nil
    }
    if let first = issues.first {
      let what = first.comments.first ?? first.summary
      let place = first.location.map { " (at \($0))" } ?? ""
      let count = issues.count == 1 ? "An issue was" : "\(issues.count) issues were"
      sentences.append(
        "\(count) recorded outside any test, so the lesson is not done"
          + (issues.count == 1 ? ": " : "; the first: ") + "\(what)\(place). Work that a test "
          + "started and did not wait for (a Task.detached, a thread, a timer) ran on after it "
          + "and reached a check of the tests; Swift Testing fails the run for it too.")
    }
    for failure in failures {
      if case .processEnd(let text) = failure.kind, !sentences.contains(text) {
        sentences.append(text)
      }
    }
    return sentences.isEmpty ? nil : sentences.joined(separator: " ")
  }
}
