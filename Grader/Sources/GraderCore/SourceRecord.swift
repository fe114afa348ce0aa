import Foundation

/// What each lesson module's source files held when the grader last built it: a size and a
/// fingerprint per file, kept in the build folder.
///
/// SwiftPM decides what to recompile by file dates. A file replaced with new content but an
/// old date (`cp -p`, `mv`, `rsync -a`, unzipping an archive) looks unchanged to it, and the
/// old code would be graded. Comparing contents with this record finds such files; the
/// builder then has SwiftPM compile the module whole. The grader never touches the learner's
/// files to do so.
struct SourceRecord {
  /// The folder the records live in (`<scratch>/kata-grader/sources`).
  var folder: URL

  /// A file's size and fingerprint, as one line of the record.
  static func entry(for data: Data) -> String {
    "\(data.count) \(Checksums.fingerprint(data))"
  }

  /// The entries of every `.swift` file below `sourceFolder`, keyed by path relative to `root`.
  static func contents(of sourceFolder: String, in root: URL) -> [String: String] {
    var entries: [String: String] = [:]
    for path in SwiftFiles.below([sourceFolder], in: root) {
      let data = FileManager.default.contents(atPath: root.appending(path: path).path)
      entries[path] = data.map(entry) ?? "missing"
    }
    return entries
  }

  private func file(of module: String) -> URL { folder.appending(path: "\(module).txt") }

  /// The entries recorded for `module`, and when; `nil` when there is no record.
  func recorded(_ module: String) -> (entries: [String: String], date: Date)? {
    let url = file(of: module)
    guard let text = try? String(contentsOf: url, encoding: .utf8),
      let date = (try? FileManager.default.attributesOfItem(atPath: url.path))?[
        .modificationDate] as? Date
    else { return nil }
    var entries: [String: String] = [:]
    for line in text.split(separator: "\n") {
      // "<size> <fingerprint> <path>": the path may hold spaces.
      let parts = line.split(separator: " ", maxSplits: 2)
      if parts.count == 3 { entries[String(parts[2])] = "\(parts[0]) \(parts[1])" }
    }
    return (entries, date)
  }

  /// Records `entries` as what `module` was last built from.
  func record(_ entries: [String: String], for module: String) {
    let text = entries.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)\n" }.joined()
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try? text.write(to: file(of: module), atomically: true, encoding: .utf8)
  }

  /// Whether `module`'s files differ from the record in a way SwiftPM may not see: a file
  /// whose content changed while its date is not newer than the record, or is in the future,
  /// or a file removed.
  /// A file added or changed with a newer date SwiftPM finds itself. Without a record the
  /// answer is `false`: the first build compiles everything anyway.
  ///
  /// - Parameters:
  ///   - module: The lesson module.
  ///   - now: The module's entries now (``contents(of:in:)``).
  ///   - date: The modification date of a file now, relative to the root.
  func hasHiddenChanges(
    _ module: String, now: [String: String], date: (String) -> Date?
  ) -> Bool {
    guard let (entries, recordedAt) = recorded(module) else { return false }
    if entries.keys.contains(where: { now[$0] == nil }) { return true }
    return now.contains { path, entry in
      guard let before = entries[path], before != entry else { return false }
      guard let edited = date(path) else { return true }
      // A date in the future (an archive or a copy from a machine whose clock is ahead) says
      // nothing of when the file changed: two versions can carry the same one, which SwiftPM
      // takes for no change (break round 11).
      return edited <= recordedAt || edited > Date()
    }
  }
}
