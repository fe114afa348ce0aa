import Foundation
import Synchronization
import Testing

@testable import GraderCore

/// Paths a learner (or anyone sharing the temporary folder) can put a named pipe at: the
/// grader never waits on one, since its Ctrl-C handler only raises a flag and a blocked
/// `open` never looks at it.
///
/// A test here that would hang on a grader that does wait is bounded: after its time it
/// opens each pipe for writing, which lets a blocked reader go on, and fails.
@Suite struct BlockingPathTests {
  /// A fresh folder for one test.
  static func folder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appending(path: "kata-pipes-\(UUID())")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// Makes a named pipe at `url`.
  static func makePipe(at url: URL) throws {
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try #require(mkfifo(url.path, 0o600) == 0, "mkfifo \(url.path): \(errno)")
  }

  /// Runs `body` on another thread and waits up to `seconds` for it to end. If it is still
  /// running then (blocked opening one of `pipes`, which nothing else can end), each pipe is
  /// opened for writing and closed, which lets a waiting reader go on, so the test ends
  /// either way.
  ///
  /// - Returns: Whether `body` ended within `seconds` on its own.
  static func finishes(
    within seconds: Double, releasing pipes: [URL], _ body: @escaping @Sendable () -> Void
  ) -> Bool {
    let done = Atomic<Bool>(false)
    Thread.detachNewThread {
      body()
      done.store(true, ordering: .relaxed)
    }
    func wait(_ seconds: Double) {
      let deadline = Date().addingTimeInterval(seconds)
      while !done.load(ordering: .relaxed) && Date() < deadline {
        Thread.sleep(forTimeInterval: 0.05)
      }
    }
    wait(seconds)
    let onItsOwn = done.load(ordering: .relaxed)
    var rounds = 0
    while !done.load(ordering: .relaxed) && rounds < 50 {
      for pipe in pipes {
        let writer = open(pipe.path, O_WRONLY | O_NONBLOCK)
        if writer >= 0 { close(writer) }
      }
      wait(0.2)
      rounds += 1
    }
    return onItsOwn
  }

  @Test("A named pipe at SwiftPM's lock path is passed over at once, not waited on")
  func pipeAtSwiftPMLockPath() throws {
    let scratch = try Self.folder()
    defer { try? FileManager.default.removeItem(at: scratch) }
    let temporary = scratch.appending(path: "kata-grader/tmp")
    let lock = try #require(
      SwiftPMLock.lockFiles(for: scratch, temporaryFolders: [temporary]).first,
      "the lock file's path")
    try Self.makePipe(at: lock)
    let said = Mutex<[String]>([])
    let ended = Self.finishes(within: 10, releasing: [lock]) {
      try? SwiftPMLock.waitWhileHeld(
        scratch: scratch, root: scratch, learnersTemporaryFolder: nil, endingLeftovers: false,
        interruption: Interruption(),
        say: { line in said.withLock { $0.append(line) } })
    }
    #expect(ended, "the grader waited on the pipe at \(lock.path)")
    let lines = said.withLock { $0 }
    #expect(lines.isEmpty, "a pipe is nobody holding the lock: \(lines)")
  }

  @Test("The lock holder's id is read only from a regular file: a pipe there is no holder")
  func pipeAtSwiftPMOwnerFile() throws {
    let scratch = try Self.folder()
    defer { try? FileManager.default.removeItem(at: scratch) }
    let temporary = scratch.appending(path: "kata-grader/tmp")
    try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
    let lock = try #require(
      SwiftPMLock.lockFiles(for: scratch, temporaryFolders: [temporary]).first,
      "the lock file's path")
    // Held, as another SwiftPM would hold it; its process id should be in <scratch>/.lock.
    let holder = open(lock.path, O_CREAT | O_RDWR, 0o644)
    try #require(holder >= 0 && flock(holder, LOCK_EX | LOCK_NB) == 0, "the lock is held")
    defer { close(holder) }
    let owner = scratch.appending(path: ".lock")
    try Self.makePipe(at: owner)
    let interruption = Interruption()
    let said = Mutex<[String]>([])
    let outcome = Mutex<String>("")
    let ended = Self.finishes(within: 15, releasing: [owner]) {
      // Ctrl-C after 2 s: the wait for the holder itself is meant to last until then.
      Thread.detachNewThread {
        Thread.sleep(forTimeInterval: 2)
        interruption.request()
      }
      do {
        try SwiftPMLock.waitWhileHeld(
          scratch: scratch, root: scratch, learnersTemporaryFolder: nil, endingLeftovers: false,
          interruption: interruption,
          say: { line in said.withLock { $0.append(line) } })
        outcome.withLock { $0 = "returned" }
      } catch {
        outcome.withLock { $0 = "\(error)" }
      }
    }
    #expect(ended, "the grader waited on the pipe at \(owner.path), deaf to Ctrl-C")
    #expect(outcome.withLock { $0 } == "\(GraderError.interrupted)", "Ctrl-C ends the wait")
    let lines = said.withLock { $0 }
    #expect(
      lines.count == 1 && lines[0].contains("Another SwiftPM process"),
      "the wait is announced once, without a holder's id: \(lines)")
  }

  @Test("--junit with an empty path says what it takes, not that the path is a folder")
  func emptyJUnitPath() {
    for arguments in [["lesson01", "--junit="], ["lesson01", "--junit", ""]] {
      #expect {
        _ = try Options(arguments: arguments)
      } throws: { error in
        "\(error)" == "--junit takes the path of the XML file to write, e.g. --junit results.xml."
      }
    }
  }

  @Test("The kata's own files are read only when they are files: a pipe in their place is none")
  func kataFilesArePipes() throws {
    let root = try Self.folder()
    defer { try? FileManager.default.removeItem(at: root) }
    let manifest = root.appending(path: "Package.swift")
    let text = root.appending(path: "lessons/01-arithmetic.md")
    let list = root.appending(path: Checksums.listPath)
    for pipe in [manifest, text, list] { try Self.makePipe(at: pipe) }
    let results = Mutex<[String]>([])
    let ended = Self.finishes(within: 10, releasing: [manifest, text, list]) {
      let course = (try? Course(root: root)) == nil ? "no kata" : "a kata"
      let lesson = LessonText(root: root, path: "lessons/01-arithmetic.md") == nil ? "none" : "read"
      let recorded = Checksums(root: root).recorded()
      results.withLock { $0 = [course, lesson, "\(recorded.count)"] }
    }
    #expect(ended, "the grader waited on a pipe in place of one of the kata's files")
    #expect(
      results.withLock { $0 } == ["no kata", "none", "0"],
      "a pipe reads as no file: \(results.withLock { $0 })")
  }

  @Test("What is at a path is told without opening it: file, folder, pipe, nothing")
  func kinds() throws {
    let root = try Self.folder()
    defer { try? FileManager.default.removeItem(at: root) }
    let file = root.appending(path: "file.txt")
    try Data("text".utf8).write(to: file)
    let pipe = root.appending(path: "pipe")
    try Self.makePipe(at: pipe)
    let link = root.appending(path: "link")
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: pipe)
    #expect(RegularFile.kind(atPath: file.path) == .regular, "a file")
    #expect(RegularFile.kind(atPath: root.path) == .folder, "a folder")
    #expect(RegularFile.kind(atPath: pipe.path) == .special("a named pipe"), "a pipe")
    #expect(RegularFile.kind(atPath: link.path) == .special("a named pipe"), "a link is followed")
    #expect(RegularFile.kind(atPath: root.appending(path: "none").path) == .missing, "nothing")
    #expect(RegularFile.contents(atPath: file.path) == Data("text".utf8), "a file is read whole")
    let read = Mutex<Data?>(Data())
    let ended = Self.finishes(within: 10, releasing: [pipe]) {
      let data = RegularFile.contents(atPath: link.path)
      read.withLock { $0 = data }
    }
    #expect(ended && read.withLock { $0 } == nil, "a pipe behind a link is not read")
  }

  /// A learner's lesson folder with a file, a folder, a link and a named pipe.
  private static func learnersFolder(in root: URL) throws -> URL {
    let lesson = root.appending(path: "Lesson01X")
    try FileManager.default.createDirectory(
      at: lesson.appending(path: "Sub"), withIntermediateDirectories: true)
    try Data("mine\n".utf8).write(to: lesson.appending(path: "A.swift"))
    try Data("deeper\n".utf8).write(to: lesson.appending(path: "Sub/B.swift"))
    try FileManager.default.setAttributes(
      [.modificationDate: Date(timeIntervalSince1970: 1_600_000_000)],
      ofItemAtPath: lesson.appending(path: "A.swift").path)
    try FileManager.default.createSymbolicLink(
      atPath: lesson.appending(path: "Alias.swift").path, withDestinationPath: "A.swift")
    try makePipe(at: lesson.appending(path: "notes.fifo"))
    return lesson
  }

  @Test("--reset to another disk copies the learner's folder whole, a named pipe made anew")
  func resetAcrossDisks() throws {
    let root = try Self.folder()
    defer { try? FileManager.default.removeItem(at: root) }
    let lesson = try Self.learnersFolder(in: root)
    let backup = root.appending(path: "grade-backups/Lesson01X-1")
    try FileManager.default.createDirectory(
      at: backup.deletingLastPathComponent(), withIntermediateDirectories: true)
    var move = BackupMove(interruption: Interruption())
    move.rename = { _, _ in EXDEV }  // As rename(2) answers for another file system.
    let outcome = Mutex<String>("")
    let configured = move
    let ended = Self.finishes(
      within: 20, releasing: [lesson.appending(path: "notes.fifo")]
    ) {
      do {
        let notes = try configured.move(lesson, to: backup)
        outcome.withLock { $0 = notes.joined(separator: "\n") }
      } catch {
        outcome.withLock { $0 = "error: \(error)" }
      }
    }
    #expect(ended, "the move waited on the named pipe")
    let notes = outcome.withLock { $0 }
    #expect(
      notes.contains("Lesson01X/notes.fifo is a named pipe"),
      "the pipe is named in a note: \(notes)")
    let fileManager = FileManager.default
    #expect(!fileManager.fileExists(atPath: lesson.path), "the learner's folder has moved")
    #expect(
      RegularFile.contents(atPath: backup.appending(path: "A.swift").path) == Data("mine\n".utf8)
        && RegularFile.contents(atPath: backup.appending(path: "Sub/B.swift").path)
          == Data("deeper\n".utf8),
      "every file is in the backup, as it was")
    let date =
      try fileManager.attributesOfItem(atPath: backup.appending(path: "A.swift").path)[
        .modificationDate] as? Date
    #expect(
      date == Date(timeIntervalSince1970: 1_600_000_000),
      "with its date: \(String(describing: date))")
    #expect(
      try fileManager.destinationOfSymbolicLink(atPath: backup.appending(path: "Alias.swift").path)
        == "A.swift", "a link stays a link")
    #expect(
      RegularFile.kind(atPath: backup.appending(path: "notes.fifo").path)
        == .special("a named pipe"), "the pipe is made anew")
  }

  @Test("Ctrl-C during a copy to another disk leaves the learner's folder as it was")
  func resetCopyInterrupted() throws {
    let root = try Self.folder()
    defer { try? FileManager.default.removeItem(at: root) }
    let lesson = try Self.learnersFolder(in: root)
    let backup = root.appending(path: "Lesson01X-backup")
    let interruption = Interruption()
    interruption.request()
    var move = BackupMove(interruption: interruption)
    move.rename = { _, _ in EXDEV }
    #expect(throws: GraderError.interrupted, "Ctrl-C stops the copy") {
      _ = try move.move(lesson, to: backup)
    }
    #expect(!FileManager.default.fileExists(atPath: backup.path), "the partial copy is removed")
    #expect(
      RegularFile.contents(atPath: lesson.appending(path: "A.swift").path) == Data("mine\n".utf8),
      "the learner's files stay where they were")
  }

  @Test("--reset on one disk moves the folder in one step, a named pipe with it")
  func resetOnOneDisk() throws {
    let root = try Self.folder()
    defer { try? FileManager.default.removeItem(at: root) }
    let lesson = try Self.learnersFolder(in: root)
    let backup = root.appending(path: "Lesson01X-backup")
    let notes = try BackupMove(interruption: Interruption()).move(lesson, to: backup)
    #expect(notes.isEmpty, "nothing to say: \(notes)")
    #expect(
      RegularFile.kind(atPath: backup.appending(path: "notes.fifo").path)
        == .special("a named pipe"), "the pipe moved with the rest")
  }
}
