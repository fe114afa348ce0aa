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
  /// The line that shows what a grading does; none unless given one for a terminal.
  var progress = ProgressLine(Surroundings())
  /// Where a SwiftPM the learner started keeps its locks (see ``Grading``).
  var learnersTemporaryFolder: URL?

  /// Watches `lesson` (or every lesson's exercise folder when `nil`) and grades on change.
  ///
  /// - Returns: 0 when the learner stops it with Ctrl-C.
  func run(_ lesson: Lesson?) throws(GraderError) -> Int32 {
    let lessons = lesson.map { [$0] } ?? course.lessons
    let folders = lessons.map(\.exercisesFolder)
    var grading = Grading(course: course, timeLimit: timeLimit, interruption: interruption)
    grading.learnersTemporaryFolder = learnersTemporaryFolder
    let progress = progress
    grading.progress = { progress.show($0) }
    var last = snapshot(folders)
    // Which files the code under test writes (see ``WrittenByTests``): their changes during a
    // grading are no save.
    var tests = WrittenByTests()
    // The files as the last grading ended: what changed since was saved while the watch idled.
    var ended = last
    if let lesson {
      try grade(lesson, grading: grading)
      ended = snapshot(folders)
      _ = tests.graded(setOffBy: nil, changedWhileGrading: changes(from: last, to: ended))
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
      let before = last
      last = settled
      guard
        let (target, changed, pending) = Self.next(
          changes(from: before, to: settled), watched: lesson, among: lessons)
      else { continue }
      // Left as they were, so the next look finds them changed and grades their lesson.
      for path in pending { last[path] = before[path] }
      do {
        try grade(
          target, grading: grading, changed: changed.sorted(), watchingAll: lesson == nil)
        regrades += 1
      } catch .interrupted {
        break
      }
      // What changed while grading is graded next, not lost and not graded twice; unless the
      // code under test writes it.
      let after = snapshot(folders)
      let written = changes(from: settled, to: after)
      let found = tests.graded(
        setOffBy: changed, savedWhileIdle: changes(from: ended, to: settled),
        changedWhileGrading: written)
      ended = after
      if !found.isEmpty {
        let names = Self.changedLine(found.sorted())?.dropFirst("Changed: ".count) ?? ""
        say(
          style.dim(
            "\(names) changed during \(WrittenByTests.inARow) gradings in a row, each set off by "
              + "nothing but that change: the code under test writes it, so its changes during "
              + "a grading start no other. Save a file to grade again."))
      }
      for path in written.intersection(tests.files) { last[path] = after[path] }
    }
    progress.clear()
    if stopAfter == nil { say("\nStopped watching.") }
    return 0
  }

  /// Grades `lesson` and says what is watched next: `watchingAll`, every lesson's folder.
  private func grade(
    _ lesson: Lesson, grading: Grading, changed: [String] = [], watchingAll: Bool = false
  ) throws(GraderError) {
    if style.colour { FileHandle.standardOutput.write(Data("\u{1B}[2J\u{1B}[H".utf8)) }
    say(style.dim("[\(Self.clock.string(from: Date()))] Grading \(lesson.id)…"))
    // Named, so a file that changes on its own (code under test that writes into the lesson
    // folder sets off a grade after every grade) shows why the watch keeps grading.
    if let line = Self.changedLine(changed) { say(style.dim(line)) }
    let grades = try grading.grade([lesson], from: .exercises)
    progress.clear()
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
    let watched = watchingAll ? "Exercises" : lesson.exercisesFolder
    say(style.dim("Watching \(watched)/ — save to grade again, Ctrl-C to stop."))
  }

  /// The lesson to grade for `changed` files, the changes it covers, and those left pending.
  ///
  /// One lesson is graded at a time: the watched one, or (watching every lesson) the first,
  /// in course order, with a change. Another lesson's changes (one command that touched two)
  /// stay pending, to be graded next, not lost (break round 12, case 12). `nil`: no lesson
  /// has a change.
  static func next(_ changed: Set<String>, watched: Lesson?, among lessons: [Lesson])
    -> (lesson: Lesson, changed: Set<String>, pending: Set<String>)?
  {
    func isIn(_ lesson: Lesson) -> (String) -> Bool {
      { $0.hasPrefix(lesson.exercisesFolder + "/") }
    }
    if let watched { return (watched, changed, []) }
    guard let first = lessons.first(where: { changed.contains(where: isIn($0)) }) else {
      return nil
    }
    let covered = changed.filter(isIn(first))
    return (first, covered, changed.subtracting(covered))
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

  /// Which files the code under test writes, told from the learner's saves by what the
  /// watch can see: what changed while each grading ran, and what set each one off.
  ///
  /// A file is taken for one the code under test writes when it changed during
  /// ``inARow`` gradings in a row, each after the first set off by nothing but the changes
  /// made during the one before (no save while the watch was idle). Code that writes a file
  /// into its lesson does so on every grading, and sets off the next; a learner who saves
  /// while the tests run (an editor's autosave) does it once or twice, and each such save is
  /// graded: the last save is always graded unless it is the third of such a row.
  struct WrittenByTests {
    /// How many gradings in a row it takes.
    static let inARow = 3
    /// The files found so far.
    private(set) var files: Set<String> = []
    /// What changed during the last grading.
    private var lastWritten: Set<String> = []
    /// For each file that changed during the last grading, in how many gradings in a row.
    private var streaks: [String: Int] = [:]

    /// Takes in a grading.
    ///
    /// - Parameters:
    ///   - trigger: The files whose change set it off; `nil` for the first, which none did.
    ///   - idle: The files that changed between the end of the grading before and this one.
    ///   - written: The files that changed while it ran.
    /// - Returns: The files found with this grading to be the code under test's.
    mutating func graded(
      setOffBy trigger: Set<String>?, savedWhileIdle idle: Set<String> = [],
      changedWhileGrading written: Set<String>
    ) -> Set<String> {
      let chained = trigger == lastWritten && idle.isEmpty && !written.isEmpty
      var next: [String: Int] = [:]
      for path in written { next[path] = chained ? (streaks[path] ?? 0) + 1 : 1 }
      streaks = next
      lastWritten = written
      let found = Set(streaks.filter { $0.value >= Self.inARow }.keys).subtracting(files)
      files.formUnion(found)
      return found
    }
  }

  struct FileStamp: Equatable, Sendable {
    var modified: Date
    var size: Int64
  }
}
