import Foundation

/// Regrades whenever a file of the watched exercise folder is saved (`--watch`), until Ctrl-C.
///
/// It polls file dates and sizes twice a second rather than asking the OS for events, so it
/// needs no inotify or fswatch and works the same on Linux and macOS. It notices editors that
/// save by writing a new file and renaming it over the old one (the path's date changes), and
/// it waits until the folder has been quiet for a moment before grading, so a save that lands
/// in several writes is graded once, complete.
struct Watch: Sendable {
  var course: Course
  var style: Style
  var timeLimit: Double
  /// How long the folder must stay unchanged before a save counts as complete.
  var quietPeriod = 0.4
  /// How often the files are looked at.
  var pollInterval = 0.5
  /// Called after each grading (for the grader's own tests).
  var onGraded: (@Sendable ([LessonGrade]) -> Void)?
  /// Stop after this many gradings that a save set off (for the grader's own tests).
  var stopAfter: Int?
  /// Stop when this says so (for the grader's own tests).
  var stopsWhen: (@Sendable () -> Bool)?
  /// Ctrl-C, which ends the watch.
  var interruption: Interruption

  /// Watches `lesson` (or every lesson's exercise folder when `nil`) and grades on change.
  ///
  /// - Returns: 0 when the learner stops it with Ctrl-C.
  func run(_ lesson: Lesson?) throws(GraderError) -> Int32 {
    let lessons = lesson.map { [$0] } ?? course.lessons
    let folders = lessons.map(\.exercisesFolder)
    var grading = Grading(course: course, timeLimit: timeLimit, interruption: interruption)
    let progress = ProgressLine()
    grading.progress = { progress.show($0) }
    var last = snapshot(folders)
    // Files that changed while the last grading ran: when the same ones change again while
    // the next one runs, the code under test writes them, and that is no save to grade.
    var writtenWhileGrading: Set<String> = []
    // Files found to be the code under test's: their changes during a grading are no save.
    var writtenByTests: Set<String> = []
    if let lesson {
      try grade(lesson, grading: grading)
      writtenWhileGrading = changes(from: last, to: snapshot(folders))
    } else {
      say("Watching Exercises/. Save a file and its lesson is graded. Ctrl-C stops.")
    }
    var regrades = 0
    while !interruption.requested && regrades < (stopAfter ?? .max) && stopsWhen?() != true {
      Thread.sleep(forTimeInterval: pollInterval)
      let now = snapshot(folders)
      guard now != last else { continue }
      // Wait for the save to settle: the same snapshot twice, a quiet period apart.
      var settled = now
      while !interruption.requested {
        Thread.sleep(forTimeInterval: quietPeriod)
        let again = snapshot(folders)
        if again == settled { break }
        settled = again
      }
      let changed = changes(from: last, to: settled)
      last = settled
      let target =
        lesson
        ?? lessons.first { candidate in
          changed.contains { $0.hasPrefix(candidate.exercisesFolder + "/") }
        }
      guard let target else { continue }
      do {
        try grade(target, grading: grading, changed: changed.sorted())
        regrades += 1
      } catch .interrupted {
        break
      }
      // What changed while grading is graded next, not lost and not graded twice; unless the
      // code under test wrote it, again.
      let after = snapshot(folders)
      let written = changes(from: settled, to: after)
      if !written.isEmpty, written == writtenWhileGrading, written == changed,
        !written.isSubset(of: writtenByTests)
      {
        writtenByTests.formUnion(written)
        let names = Self.changedLine(written.sorted())?.dropFirst("Changed: ".count) ?? ""
        say(
          style.dim(
            "\(names) changed again while the tests ran: the code under test writes it, so its "
              + "changes during a grading start no other. Save a file to grade again."))
      }
      for path in written.intersection(writtenByTests) { last[path] = after[path] }
      writtenWhileGrading = written
    }
    ProgressLine().clear()
    if stopAfter == nil { say("\nStopped watching.") }
    return 0
  }

  private func grade(_ lesson: Lesson, grading: Grading, changed: [String] = [])
    throws(GraderError)
  {
    if style.colour { FileHandle.standardOutput.write(Data("\u{1B}[2J\u{1B}[H".utf8)) }
    say(style.dim("[\(Self.clock.string(from: Date()))] Grading \(lesson.id)…"))
    // Named, so a file that changes on its own (code under test that writes into the lesson
    // folder sets off a grade after every grade) shows why the watch keeps grading.
    if let line = Self.changedLine(changed) { say(style.dim(line)) }
    let grades = try grading.grade([lesson], from: .exercises)
    ProgressLine().clear()
    onGraded?(grades)
    let report = Report(style: style, root: course.root)
    say(grades.map(report.detailed).joined(separator: "\n\n"))
    let edited = Checksums(root: course.root).changedTests(for: [lesson])
    let untasked = Checksums(root: course.root).changedUntaskedFiles(for: [lesson])
    for line in report.closing(
      grades, source: .exercises, editedTests: edited, editedUntasked: untasked, watching: true)
    {
      say(line)
    }
    say(style.dim("Watching \(lesson.exercisesFolder)/ — save to grade again, Ctrl-C to stop."))
  }

  /// The paths whose stamp differs between two snapshots, added and removed ones included.
  func changes(from old: [String: FileStamp], to new: [String: FileStamp]) -> Set<String> {
    Set(new.keys).union(old.keys).filter { new[$0] != old[$0] }
  }

  /// `Changed: A.swift, B.swift` (file names, at most three), or `nil` for none.
  static func changedLine(_ paths: [String]) -> String? {
    guard !paths.isEmpty else { return nil }
    let names = paths.prefix(3).map { String($0.split(separator: "/").last ?? Substring($0)) }
    let more = paths.count > 3 ? " and \(paths.count - 3) more" : ""
    return "Changed: \(names.joined(separator: ", "))\(more)"
  }

  /// The time of day for the "Grading…" line, always as 24-hour digits: a fixed format
  /// needs the POSIX locale, or a Mac's 12-hour setting turns `HH` into `3 PM`.
  static var clock: DateFormatter {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.dateFormat = "HH:mm:ss"
    return formatter
  }

  /// Every Swift file below `folders` (editors' swap and backup files do not count):
  /// relative path → (modification date, size).
  func snapshot(_ folders: [String]) -> [String: FileStamp] {
    var stamps: [String: FileStamp] = [:]
    for path in SwiftFiles.below(folders, in: course.root) {
      guard
        let attributes = try? FileManager.default.attributesOfItem(
          atPath: course.root.appending(path: path).path),
        (attributes[.type] as? FileAttributeType) == .typeRegular
      else { continue }
      stamps[path] = FileStamp(
        modified: (attributes[.modificationDate] as? Date) ?? .distantPast,
        size: (attributes[.size] as? NSNumber)?.int64Value ?? -1)
    }
    return stamps
  }

  struct FileStamp: Equatable, Sendable {
    var modified: Date
    var size: Int64
  }
}
