import Foundation

/// When the grader's last build in a build folder started and ended, kept as the dates of
/// two empty files beside it.
struct BuildClock {
  var folder: URL

  private var started: URL { folder.appending(path: "build-started") }
  private var ended: URL { folder.appending(path: "build-ended") }

  /// Whether `edit` fell from just before the last build started to a few seconds after it
  /// ended; also `true` when there is no record of a last build.
  ///
  /// "Just before" is the second before the start where the file system keeps dates in whole
  /// seconds (its marks have no fraction), and nothing where it keeps finer ones: an edit
  /// before the start was read by that build whole. That keeps a build right after a fresh
  /// clone (`git clone … && ./grade.sh lesson01`, whose files are a moment older than the
  /// build grade.sh starts beside the grader's) from being compiled again.
  func editedAroundLastBuild(_ edit: Date?) -> Bool {
    guard let start = date(of: started), let end = date(of: ended), end >= start else {
      return true
    }
    guard let edit else { return false }
    let seconds = start.timeIntervalSince1970
    let doubt: TimeInterval = seconds == seconds.rounded(.down) ? 1 : 0
    return edit > start.addingTimeInterval(-doubt) && edit < end.addingTimeInterval(5)
  }

  func markStart() { touch(started) }
  func markEnd() { touch(ended) }

  private func date(of url: URL) -> Date? {
    (try? FileManager.default.attributesOfItem(atPath: url.path))?[.modificationDate] as? Date
  }

  private func touch(_ url: URL) {
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    _ = FileManager.default.createFile(atPath: url.path, contents: Data())
  }
}
