import Foundation
import Testing

@testable import GraderCore

/// Runs grade.sh with stub `uname`, `xcode-select` and `swift` first on PATH, so what it
/// does on a Mac is checked on any machine, in each shell that runs it (Debian's dash as
/// `sh`, macOS's bash 3.2 as `sh`, and bash).
@Suite struct GradeScriptTests {
  /// What the stubs answer.
  struct Machine: CustomTestStringConvertible, Sendable {
    var name: String
    var uname = "Darwin"
    /// What `xcode-select -p` prints; `nil`: it fails as with no developer folder.
    var developer: String? = "Xcode.app/Contents/Developer"
    var developerEnvironment: String?
    var swiftVersion = "Apple Swift version 6.2 (swiftlang-6.2.0.19.9 clang-1700.3.19.1)"
    /// What the first `swift build` prints before failing, if it fails.
    var firstBuildFails: String?
    /// How long the lesson's `swift build --build-tests` takes; empty: no time.
    var lessonBuildSeconds = ""
    /// Whether the lesson's build first says it waits for another SwiftPM process.
    var lessonBuildWaitsForLock = false
    /// How long the grader's own build takes, in whole seconds; 0: no time.
    var graderBuildSeconds = 0
    var testDescription: String { name }

    /// Linux, where xcode-select must not be asked.
    static var linux: Machine { Machine(name: "Linux", uname: "Linux", developer: nil) }
  }

  static let shells = ["sh", "bash"]

  @Test(
    "A Mac with the Command Line Tools selected is told the one command that selects Xcode",
    arguments: shells)
  func commandLineTools(shell: String) throws {
    var machine = Machine(name: "CLT")
    machine.developer = "/Library/Developer/CommandLineTools"
    let run = try Self.run(machine, shell: shell, makeFolder: false)
    #expect(run.status == 2)
    #expect(run.errors.contains("no such module 'Testing'"))
    #expect(run.errors.contains("sudo xcode-select -s /Applications/Xcode.app"))
    #expect(!run.output.contains("GRADER RAN"))
  }

  @Test("DEVELOPER_DIR, when set, is what counts", arguments: shells)
  func developerDirectory(shell: String) throws {
    var machine = Machine(name: "DEVELOPER_DIR")
    machine.developerEnvironment = "/Library/Developer/CommandLineTools/"
    let run = try Self.run(machine, shell: shell, makeFolder: false)
    #expect(run.status == 2)
    #expect(run.errors.contains("Command Line Tools are selected"))
    #expect(run.errors.contains("sudo xcode-select -s /Applications/Xcode.app"))
  }

  @Test("A Mac with no developer folder is told to install and select Xcode", arguments: shells)
  func noDeveloperFolder(shell: String) throws {
    var machine = Machine(name: "none")
    machine.developer = nil
    let run = try Self.run(machine, shell: shell)
    #expect(run.status == 2)
    #expect(run.errors.contains("Install Xcode 26 or newer"))
    #expect(run.errors.contains("sudo xcode-select -s /Applications/Xcode.app"))
  }

  @Test("An unaccepted Xcode licence is named with the command that accepts it", arguments: shells)
  func licence(shell: String) throws {
    var machine = Machine(name: "licence")
    machine.swiftVersion =
      "You have not agreed to the Xcode license agreements. Please run 'sudo xcodebuild -license' from within a Terminal window to review and agree to the Xcode and Apple SDKs license."
    let run = try Self.run(machine, shell: shell)
    #expect(run.status == 2)
    #expect(run.errors.contains("sudo xcodebuild -license accept"))
  }

  @Test(
    "With Xcode selected (or on Linux) the grader is built with the native build system and run",
    arguments: shells, ["Darwin", "Linux"])
  func happyPath(shell: String, uname: String) throws {
    var machine = Machine(name: uname)
    machine.uname = uname
    if uname == "Linux" { machine.developer = nil }  // xcode-select must not be asked
    let run = try Self.run(machine, shell: shell, arguments: ["lesson01"])
    #expect(run.status == 0, "\(run.errors)")
    #expect(run.output.contains("GRADER RAN lesson01"))
    #expect(run.swiftBuild.contains("build --build-system native --package-path"))
  }

  @Test(
    "The grader's own build leaves nothing in the system's temporary folder",
    arguments: shells)
  func graderBuildLeavesNoTemporaryFiles(shell: String) throws {
    let machine = Machine.linux
    let work = FileManager.default.temporaryDirectory.appending(path: "grade-sh-\(UUID())")
    defer { try? FileManager.default.removeItem(at: work) }
    let run = try Self.run(machine, shell: shell, arguments: ["lesson01"], in: work)
    #expect(run.output.contains("GRADER RAN lesson01"), "\(run.errors)")
    #expect(
      run.buildTemporaryFolder.hasPrefix(
        work.appending(path: "kata/.build/grader").resolvingSymlinksInPath().path),
      "SwiftPM's lock files go to a folder of the grader's: \(run.buildTemporaryFolder)")
    #expect(run.leftInSystemTemporaryFolder.isEmpty, "\(run.leftInSystemTemporaryFolder)")
  }

  @Test(
    "Two first runs at once: the grader's temporary folder, where SwiftPM keeps the lock that keeps their builds apart, stays",
    arguments: shells)
  func graderTemporaryFolderStays(shell: String) throws {
    let work = FileManager.default.temporaryDirectory.appending(path: "grade-sh-\(UUID())")
    defer { try? FileManager.default.removeItem(at: work) }
    let run = try Self.run(Machine.linux, shell: shell, arguments: ["lesson01"], in: work)
    #expect(run.output.contains("GRADER RAN lesson01"), "\(run.errors)")
    #expect(
      FileManager.default.fileExists(atPath: run.buildTemporaryFolder),
      "removed, another run's build in it failed (break round 11): \(run.buildTemporaryFolder)")
  }

  @Test(
    "A file in place of the grader's temporary folder (a damaged .build) is replaced by the folder",
    arguments: shells)
  func fileInPlaceOfTemporaryFolder(shell: String) throws {
    let work = FileManager.default.temporaryDirectory.appending(path: "grade-sh-\(UUID())")
    defer { try? FileManager.default.removeItem(at: work) }
    let folder = work.appending(path: "kata/.build/grader/tmp")
    try FileManager.default.createDirectory(
      at: folder.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data("not a folder".utf8).write(to: folder)
    let run = try Self.run(Machine.linux, shell: shell, arguments: ["lesson01"], in: work)
    // Before, `mkdir -p` failed under `set -e`: a bare "File exists", exit 1 (break round 11,
    // case 20).
    #expect(run.status == 0 && run.output.contains("GRADER RAN lesson01"), "\(run.errors)")
    #expect(RegularFile.kind(atPath: folder.path) == .folder)
    #expect(run.buildTemporaryFolder.hasSuffix("/.build/grader/tmp"), "\(run.buildTemporaryFolder)")
  }

  @Test(
    "In a kata whose path holds a letter outside ASCII, the grader's build keeps the system's TMPDIR",
    arguments: shells)
  func nonASCIIKataKeepsTMPDIR(shell: String) throws {
    let work = FileManager.default.temporaryDirectory.appending(path: "grade-sh-\(UUID())")
    defer { try? FileManager.default.removeItem(at: work) }
    let run = try Self.run(
      Machine.linux, shell: shell, arguments: ["lesson01"], in: work, kataFolder: "Développement")
    #expect(run.output.contains("GRADER RAN lesson01"), "\(run.errors)")
    #expect(
      run.buildTemporaryFolder == work.appending(path: "system tmp").path,
      "SwiftPM 6.3 does not start with a TMPDIR outside ASCII: \(run.buildTemporaryFolder)")
  }

  @Test(
    "A kata copied with its .build gets the grader built anew, not a failed build",
    arguments: shells)
  func movedBuildFolder(shell: String) throws {
    var machine = Machine.linux
    machine.firstBuildFails =
      "<unknown>:0: error: precompiled file '/b/.build/grader/M/SwiftShims.pcm' was compiled "
      + "with module cache path '/a/.build/grader/M', but the path is currently '/b/.build/grader/M'"
    let work = FileManager.default.temporaryDirectory.appending(path: "grade-sh-\(UUID())")
    defer { try? FileManager.default.removeItem(at: work) }
    let stale = try Self.leftover("kata/.build/grader/old-place.o", in: work)
    let staleModule = try Self.leftover("kata/.build/module-cache/M/SwiftShims.pcm", in: work)
    let run = try Self.run(machine, shell: shell, arguments: ["lesson01"], in: work)
    #expect(run.status == 0, "\(run.errors)")
    #expect(run.output.contains("GRADER RAN lesson01"), "\(run.errors)")
    #expect(run.errors.contains("Building the grader anew"), "\(run.errors)")
    #expect(!FileManager.default.fileExists(atPath: stale.path), "the old build is gone")
    #expect(
      !FileManager.default.fileExists(atPath: staleModule.path),
      "so is the module cache the grader shares with the lessons' builds")
  }

  /// A file an earlier build left at `path` below `work`, which the run must remove.
  private static func leftover(_ path: String, in work: URL) throws -> URL {
    let file = work.appending(path: path)
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data("left by an earlier build".utf8).write(to: file)
    return file
  }

  @Test(
    "A damaged module in the shared cache gets the grader built again, not a failed build",
    arguments: shells)
  func damagedModuleCache(shell: String) throws {
    var machine = Machine.linux
    machine.firstBuildFails =
      "<unknown>:0: error: file '/k/.build/module-cache/M/SwiftShims.pcm' is not a valid module "
      + "file: the file has no precompiled file magic"
    let work = FileManager.default.temporaryDirectory.appending(path: "grade-sh-\(UUID())")
    defer { try? FileManager.default.removeItem(at: work) }
    let damaged = try Self.leftover("kata/.build/module-cache/M/SwiftShims.pcm", in: work)
    let run = try Self.run(machine, shell: shell, arguments: ["lesson01"], in: work)
    #expect(run.status == 0, "\(run.errors)")
    #expect(run.output.contains("GRADER RAN lesson01"), "\(run.errors)")
    #expect(run.errors.contains("with a fresh module cache"), "\(run.errors)")
    #expect(!run.errors.contains("Is Grader/ intact"), "\(run.errors)")
    #expect(!FileManager.default.fileExists(atPath: damaged.path), "the damaged cache is gone")
  }

  @Test(
    "The grader is built again when its sources' contents change, whatever their dates say",
    arguments: shells)
  func rebuildsByContent(shell: String) throws {
    let work = FileManager.default.temporaryDirectory.appending(path: "grade-sh-\(UUID())")
    defer { try? FileManager.default.removeItem(at: work) }
    let grader = work.appending(path: "kata/Grader")
    let sources = grader.appending(path: "Sources/Grader Core")
    try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
    let source = sources.appending(path: "Report.swift")
    try Data("let version = 1\n".utf8).write(to: source)
    try Data("// The grader's manifest.\n".utf8).write(to: grader.appending(path: "Package.swift"))
    let machine = Machine.linux
    let first = try Self.run(machine, shell: shell, arguments: ["lesson01"], in: work)
    #expect(first.swiftBuild.hasPrefix("build"), "the first run builds the grader")
    let again = try Self.run(machine, shell: shell, arguments: ["lesson01"], in: work)
    #expect(again.swiftBuild.isEmpty, "unchanged sources, no build: \(again.swiftBuild)")
    #expect(again.output.contains("GRADER RAN lesson01"), "\(again.errors)")

    // An update unpacked from an archive: new contents, a date from long ago.
    try Data("let version = 2\n".utf8).write(to: source)
    try FileManager.default.setAttributes(
      [.modificationDate: Date(timeIntervalSince1970: 946_684_800)], ofItemAtPath: source.path)
    let objects = work.appending(path: "kata/.build/grader/triple/debug/GraderCore.build")
    try Data().write(to: objects.appending(path: "old.o"))
    let leftover = work.appending(path: "kata/.build/grader/debug/description.json")
    try Data("{}".utf8).write(to: leftover)
    let updated = try Self.run(machine, shell: shell, arguments: ["lesson01"], in: work)
    #expect(updated.swiftBuild.hasPrefix("build"), "new contents with an old date: built again")
    #expect(updated.output.contains("GRADER RAN lesson01"), "\(updated.errors)")
    let rebuilt = (try? FileManager.default.contentsOfDirectory(atPath: objects.path)) ?? []
    #expect(
      rebuilt == ["fresh.o"],
      "SwiftPM decides by dates too, so the grader's old build is removed first: \(rebuilt)")
    #expect(
      !FileManager.default.fileExists(atPath: leftover.path),
      "the whole old build goes, not only its objects (SwiftPM kept the old binary)")
    #expect(updated.errors.contains("Building the grader"), "\(updated.errors)")
    let last = try Self.run(machine, shell: shell, arguments: ["lesson01"], in: work)
    #expect(last.swiftBuild.isEmpty, "and then no build again: \(last.swiftBuild)")

    // An edit made now: SwiftPM sees its date, so the build is an incremental one.
    try Data("let version = 3\n".utf8).write(to: source)
    try FileManager.default.setAttributes(
      [.modificationDate: Date().addingTimeInterval(5)], ofItemAtPath: source.path)
    try Data("{}".utf8).write(to: leftover)
    let edited = try Self.run(machine, shell: shell, arguments: ["lesson01"], in: work)
    #expect(edited.swiftBuild.hasPrefix("build"), "an edit: built again")
    #expect(
      FileManager.default.fileExists(atPath: leftover.path) && edited.errors.isEmpty,
      "a newer file needs no build from nothing: \(edited.errors)")
  }

  @Test(
    "A maintainers' command builds and runs the maintainers' program; grading never builds it",
    arguments: shells)
  func maintainersProgramOnDemand(shell: String) throws {
    let work = FileManager.default.temporaryDirectory.appending(path: "grade-sh-\(UUID())")
    defer { try? FileManager.default.removeItem(at: work) }
    let graded = try Self.run(Machine.linux, shell: shell, arguments: ["lesson01"], in: work)
    #expect(graded.output.contains("GRADER RAN lesson01"), "\(graded.errors)")
    #expect(graded.swiftBuild.contains("--product kata-grader "), "\(graded.swiftBuild)")
    for command in [
      ["--verify", "lesson01"], ["--update-checksums"], ["--mutants", "2"],
      ["--save-variant", "1", "wrong-task1-x"],
    ] {
      let run = try Self.run(Machine.linux, shell: shell, arguments: command, in: work)
      #expect(
        run.output.contains("MAINTAINER RAN \(command.joined(separator: " "))"),
        "\(command): \(run.output) \(run.errors)")
    }
    let again = try Self.run(Machine.linux, shell: shell, arguments: ["--verify"], in: work)
    #expect(again.swiftBuild.isEmpty, "built once: \(again.swiftBuild)")
    let graderAgain = try Self.run(Machine.linux, shell: shell, arguments: ["2"], in: work)
    #expect(graderAgain.output.contains("GRADER RAN 2"), "\(graderAgain.errors)")
    // After `--`, a word is a lesson's name, as the grader reads it (break round 12, case 19).
    let ended = try Self.run(Machine.linux, shell: shell, arguments: ["--", "--verify"], in: work)
    #expect(ended.output.contains("GRADER RAN -- --verify"), "\(ended.output) \(ended.errors)")
    #expect(
      graderAgain.swiftBuild.isEmpty, "the learner's grader is kept: \(graderAgain.swiftBuild)")
  }

  @Test(
    "While the grader builds, the lesson asked for builds beside it, exactly as the grader would build it",
    arguments: shells, ["lesson01", "1", "01", "lesson1"])
  func lessonBuildsBesideTheGrader(shell: String, asked: String) throws {
    let work = FileManager.default.temporaryDirectory.appending(path: "grade-sh-\(UUID())")
    defer { try? FileManager.default.removeItem(at: work) }
    let kata = try Self.kataWithManifest(in: work)
    let run = try Self.run(Machine.linux, shell: shell, arguments: [asked], in: work)
    #expect(run.output.contains("GRADER RAN \(asked)"), "\(run.errors)")
    #expect(run.errors.contains("Building the grader and lesson01"), "\(run.errors)")
    let root = kata.resolvingSymlinksInPath().path
    let arguments = Builder.arguments(
      scratchPath: CodeSource.exercises.scratchPath,
      moduleCache: "\(root)/\(Builder.moduleCachePath)")
    let course = try Course(root: kata)
    let environment = Grading(course: course, timeLimit: 30, interruption: Interruption())
      .environment(for: [try #require(course.lesson(named: "lesson01"))], source: .exercises)
    #expect(
      run.lessonBuild == [
        arguments.dropFirst().joined(separator: " "), "PWD=\(root)",
        "KATA_SOURCE=\(environment["KATA_SOURCE"] ?? "?")",
        "KATA_LESSONS=\(environment["KATA_LESSONS"] ?? "?")",
        "KATA_TASK=\(environment["KATA_TASK"] ?? "?")",
        "TMPDIR=\(root)/.build/exercises/kata-grader/tmp", "ended",
      ])
    let clock = kata.appending(path: ".build/exercises/kata-grader")
    for mark in ["build-started", "build-ended"] {
      #expect(
        FileManager.default.fileExists(atPath: clock.appending(path: mark).path),
        "the grader's record of its last build: \(mark)")
    }
  }

  @Test(
    "No lesson builds beside the grader for other commands, unknown lessons, or once a grading ran",
    arguments: shells)
  func noLessonBuildOtherwise(shell: String) throws {
    let work = FileManager.default.temporaryDirectory.appending(path: "grade-sh-\(UUID())")
    defer { try? FileManager.default.removeItem(at: work) }
    _ = try Self.kataWithManifest(in: work)
    for command in [
      ["lesson09"], ["--hint", "lesson01"], [], ["lesson01", "--json"], ["--verify"],
    ] {
      try? FileManager.default.removeItem(at: work.appending(path: "kata/.build"))
      let run = try Self.run(Machine.linux, shell: shell, arguments: command, in: work)
      #expect(run.output.contains("RAN"), "\(command): \(run.errors)")
      #expect(run.lessonBuild.isEmpty, "\(command): \(run.lessonBuild)")
    }
    _ = try Self.run(Machine.linux, shell: shell, arguments: ["lesson02"], in: work)
    let built = try Self.run(Machine.linux, shell: shell, arguments: ["lesson01"], in: work)
    #expect(built.swiftBuild.isEmpty && built.lessonBuild.isEmpty, "\(built.lessonBuild)")

    // A grader to build again where a grading has run (its run lock's file is there): the
    // lesson's build, which takes no run lock, could replace another terminal's test binary
    // between that grading's build and its tests (break round 11).
    try? FileManager.default.removeItem(at: work.appending(path: "kata/.build/grader"))
    try Data().write(to: work.appending(path: "kata/.build/kata-grader.lock"))
    let again = try Self.run(Machine.linux, shell: shell, arguments: ["lesson01"], in: work)
    #expect(again.swiftBuild.hasPrefix("build"), "the grader is built: \(again.errors)")
    #expect(again.lessonBuild.isEmpty, "\(again.lessonBuild)")
  }

  @Test(
    "When the grader does not build, the lesson's build beside it is stopped, not left running",
    arguments: shells)
  func lessonBuildStoppedWhenTheGraderFails(shell: String) throws {
    let work = FileManager.default.temporaryDirectory.appending(path: "grade-sh-\(UUID())")
    defer { try? FileManager.default.removeItem(at: work) }
    _ = try Self.kataWithManifest(in: work)
    var machine = Machine.linux
    machine.firstBuildFails = "error: emit-module command failed"
    machine.lessonBuildSeconds = "60"
    let run = try Self.run(machine, shell: shell, arguments: ["lesson01"], in: work)
    #expect(run.status == 2)
    #expect(run.errors.contains("The grader did not build"), "\(run.errors)")
    #expect(
      run.lessonBuild.last != "ended", "\(run.lessonBuild)")
  }

  @Test(
    "A lesson's build that waits for another SwiftPM process is stopped, and the grader takes over",
    arguments: shells)
  func lessonBuildWaitingForALockIsStopped(shell: String) throws {
    let work = FileManager.default.temporaryDirectory.appending(path: "grade-sh-\(UUID())")
    defer { try? FileManager.default.removeItem(at: work) }
    _ = try Self.kataWithManifest(in: work)
    var machine = Machine.linux
    machine.lessonBuildWaitsForLock = true
    machine.lessonBuildSeconds = "60"
    let run = try Self.run(machine, shell: shell, arguments: ["lesson01"], in: work)
    #expect(run.output.contains("GRADER RAN lesson01"), "\(run.errors)")
    #expect(
      run.lessonBuild.last != "ended",
      "the grader, which ends a leftover that holds the folder, was not kept waiting: \(run.lessonBuild)"
    )
    let clock = work.appending(path: "kata/.build/exercises/kata-grader")
    #expect(
      !FileManager.default.fileExists(atPath: clock.appending(path: "build-ended").path),
      "a build that did not end is not recorded as ended")
  }

  @Test("Ctrl-C while the grader builds stops the lesson's build beside it too", arguments: shells)
  func ctrlCStopsTheLessonBuild(shell: String) throws {
    let work = FileManager.default.temporaryDirectory.appending(path: "grade-sh-\(UUID())")
    defer { try? FileManager.default.removeItem(at: work) }
    _ = try Self.kataWithManifest(in: work)
    var machine = Machine.linux
    machine.lessonBuildSeconds = "60"
    machine.graderBuildSeconds = 60
    let run = try Self.run(
      machine, shell: shell, arguments: ["lesson01"], in: work, interruptAfter: 1)
    #expect(run.status == 130, "\(run.errors)")
    #expect(run.errors.contains("Interrupted; the grader was not built yet"), "\(run.errors)")
    #expect(!run.output.contains("GRADER RAN"))
    #expect(run.lessonBuild.last != "ended", "\(run.lessonBuild)")
  }

  /// A kata folder in `work` with the kata's own Package.swift, the list of lessons.
  private static func kataWithManifest(in work: URL) throws -> URL {
    let kata = work.appending(path: "kata")
    try FileManager.default.createDirectory(at: kata, withIntermediateDirectories: true)
    let manifest = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appending(path: "../../../Package.swift").standardizedFileURL
    try FileManager.default.copyItem(at: manifest, to: kata.appending(path: "Package.swift"))
    return kata
  }

  @Test(
    "A .build that is a file, or a kata path with a double quote, is named before SwiftPM fails",
    arguments: shells)
  func placesSwiftPMCannotBuildIn(shell: String) throws {
    let work = FileManager.default.temporaryDirectory.appending(path: "grade-sh-\(UUID())")
    defer { try? FileManager.default.removeItem(at: work) }
    let kata = work.appending(path: "kata")
    try FileManager.default.createDirectory(at: kata, withIntermediateDirectories: true)
    try Data().write(to: kata.appending(path: ".build"))
    let file = try Self.run(Machine.linux, shell: shell, arguments: ["lesson01"], in: work)
    #expect(file.status == 2 && file.swiftBuild.isEmpty, "\(file.errors)")
    #expect(file.errors.contains(".build is a file, not a folder"), "\(file.errors)")
    #expect(file.errors.contains("mv .build .build.old"))

    let quoted = try Self.run(
      Machine.linux, shell: shell, arguments: ["lesson01"], kataFolder: "my \"kata\"")
    #expect(quoted.status == 2 && quoted.swiftBuild.isEmpty, "\(quoted.errors)")
    #expect(quoted.errors.contains("double quote"), "\(quoted.errors)")
  }

  /// What one run of grade.sh did.
  struct Run {
    var status: Int32
    var output: String
    var errors: String
    /// The arguments the stub `swift build` was given.
    var swiftBuild: String
    /// The TMPDIR the stub `swift build` saw, and what is left in the system's one.
    var buildTemporaryFolder: String
    var leftInSystemTemporaryFolder: [String]
    /// What the lesson's build beside the grader's was given: its arguments, then a line
    /// each for its folder and variables; empty when there was none.
    var lessonBuild: [String]
  }

  /// - Parameter interruptAfter: Seconds after which the run's process group gets SIGINT, as
  ///   from Ctrl-C in a terminal; grade.sh then starts with those signals unblocked, as in a
  ///   terminal (a test's thread blocks them, and the mask is inherited).
  static func run(
    _ machine: Machine, shell: String, arguments: [String] = [], makeFolder: Bool = true,
    in existing: URL? = nil, kataFolder: String = "kata", interruptAfter: Double? = nil
  ) throws -> Run {
    let work =
      existing ?? FileManager.default.temporaryDirectory.appending(path: "grade-sh-\(UUID())")
    defer { if existing == nil { try? FileManager.default.removeItem(at: work) } }
    let kata = work.appending(path: kataFolder)
    let stubs = work.appending(path: "bin")
    for folder in [kata, stubs] {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }
    let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appending(path: "../../../grade.sh").standardizedFileURL
    try? FileManager.default.removeItem(at: kata.appending(path: "grade.sh"))
    try FileManager.default.copyItem(at: script, to: kata.appending(path: "grade.sh"))
    var developer = machine.developer
    if let folder = developer, !folder.hasPrefix("/") {
      developer = work.appending(path: folder).path
    }
    if makeFolder, let developer {
      try FileManager.default.createDirectory(
        atPath: developer, withIntermediateDirectories: true)
    }
    let log = work.appending(path: "swift-build.txt")
    let prebuildLog = work.appending(path: "swift-build-lesson.txt")
    try? FileManager.default.removeItem(at: prebuildLog)
    let buildTMPDIR = work.appending(path: "swift-build-tmpdir.txt")
    let systemTemporaryFolder = work.appending(path: "system tmp")
    for file in [log, buildTMPDIR] { try? FileManager.default.removeItem(at: file) }
    try FileManager.default.createDirectory(
      at: systemTemporaryFolder, withIntermediateDirectories: true)
    try stub(
      "uname", in: stubs,
      """
      echo '\(machine.uname)'
      """)
    try stub(
      "xcode-select", in: stubs,
      developer.map { "echo '\($0)'" }
        ?? """
        echo 'xcode-select: error: unable to get active developer directory' >&2
        exit 2
        """)
    try stub(
      "swift", in: stubs,
      """
      case $1 in
        --version) echo "\(machine.swiftVersion)"; exit 0 ;;
        build)
          case " $* " in
            *" --build-tests "*)
              # The lesson's build, started beside the grader's: what it was given, and when.
              {
                echo "$*"
                echo "PWD=$(pwd -P)"
                echo "KATA_SOURCE=${KATA_SOURCE-unset}"
                echo "KATA_LESSONS=${KATA_LESSONS-unset}"
                echo "KATA_TASK=${KATA_TASK-unset}"
                echo "TMPDIR=$TMPDIR"
              } > '\(prebuildLog.path)'
              if \(machine.lessonBuildWaitsForLock); then
                echo "Another instance of SwiftPM is already running using '.build/exercises', waiting until that process has finished execution..."
              fi
              if [ -n '\(machine.lessonBuildSeconds)' ]; then
                # SwiftPM ends on SIGINT even in a background job, where a shell's `trap`
                # cannot catch it (dash ignores SIGINT for those): so a program that can. It
                # unblocks the signals, as a terminal's would be: a test runs grade.sh from a
                # Dispatch thread, which blocks them, and the mask is inherited. "ended" is
                # written only by a build that ran its whole time: one stopped writes
                # "interrupted", "terminated" or, stopped before perl started, nothing.
                exec perl -MPOSIX -e 'sigprocmask(SIG_UNBLOCK, POSIX::SigSet->new(SIGINT, SIGTERM));
                  $| = 1; $SIG{INT} = sub { print "interrupted\\n"; exit 130 };
                  $SIG{TERM} = sub { print "terminated\\n"; exit 143 };
                  sleep \(machine.lessonBuildSeconds); print "ended\\n"' >> '\(prebuildLog.path)'
              fi
              echo ended >> '\(prebuildLog.path)'
              exit 0
              ;;
          esac
          \(machine.firstBuildFails.map { """
            if [ ! -f '\(work.path)/failed-once' ]; then
              : > '\(work.path)/failed-once'
              echo '\($0)' >&2
              exit 1
            fi
            """ } ?? "")
          if [ \(machine.graderBuildSeconds) -gt 0 ]; then sleep \(machine.graderBuildSeconds); fi
          echo "$*" > '\(log.path)'
          echo "$TMPDIR" > '\(buildTMPDIR.path)'
          : > "$TMPDIR/_kata_.build_grader.lock"  # as SwiftPM leaves
          while [ $# -gt 0 ]; do
            if [ "$1" = --scratch-path ]; then scratch=$2; fi
            if [ "$1" = --product ]; then product=$2; fi
            shift
          done
          mkdir -p "$scratch/debug" "$scratch/triple/debug/GraderCore.build"
          : > "$scratch/triple/debug/GraderCore.build/fresh.o"
          ran=GRADER
          if [ "$product" = kata-maintainer ]; then ran=MAINTAINER; fi
          printf '#!/bin/sh\\necho "%s RAN $*"\\n' "$ran" > "$scratch/debug/$product"
          chmod +x "$scratch/debug/$product"
          ;;
      esac
      """)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [shell, kata.appending(path: "grade.sh").path] + arguments
    if interruptAfter != nil {
      process.arguments =
        [
          "perl", "-MPOSIX", "-e",
          "sigprocmask(SIG_UNBLOCK, POSIX::SigSet->new(SIGINT, SIGTERM, SIGHUP)); exec @ARGV",
        ] + (process.arguments ?? [])
    }
    var environment = [
      "PATH": "\(stubs.path):/usr/bin:/bin", "HOME": work.path,
      "KATA_SWIFT_SHIM": stubs.appending(path: "swift").path,
      "TMPDIR": systemTemporaryFolder.path,
    ]
    environment["DEVELOPER_DIR"] = machine.developerEnvironment
    process.environment = environment
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    if let interruptAfter {
      Thread.sleep(forTimeInterval: interruptAfter)
      let pid = process.processIdentifier
      // The whole group, as a terminal signals it; the process alone if it has none of its own.
      if kill(-pid, SIGINT) != 0 { kill(pid, SIGINT) }
    }
    let out = output.fileHandleForReading.readDataToEndOfFile()
    let err = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Run(
      status: process.terminationStatus, output: String(decoding: out, as: UTF8.self),
      errors: String(decoding: err, as: UTF8.self),
      swiftBuild: (try? String(contentsOf: log, encoding: .utf8)) ?? "",
      buildTemporaryFolder: (try? String(contentsOf: buildTMPDIR, encoding: .utf8))?
        .trimmingCharacters(in: .newlines) ?? "",
      leftInSystemTemporaryFolder: try FileManager.default.contentsOfDirectory(
        atPath: systemTemporaryFolder.path),
      lessonBuild: ((try? String(contentsOf: prebuildLog, encoding: .utf8)) ?? "")
        .split(separator: "\n").map(String.init))
  }

  private static func stub(_ name: String, in folder: URL, _ body: String) throws {
    let file = folder.appending(path: name)
    try Data("#!/bin/sh\n\(body)\n".utf8).write(to: file)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file.path)
  }
}
