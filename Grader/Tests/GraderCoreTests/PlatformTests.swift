import Foundation
import Synchronization
import Testing

@testable import GraderCore
@testable import GraderMaintenance

/// What differs on macOS, checked on any machine with output shaped as macOS prints it.
///
/// No Mac was at hand: the macOS samples below follow the Swift runtime's formats
/// (swiftlang/swift, stdlib/public/runtime/Assert.cpp `_swift_stdlib_reportFatalErrorInFile`,
/// Backtrace.cpp's warnings) and SwiftPM's "Exited with unexpected signal code" line.
@Suite struct MacCrashTests {
  let root = URL(fileURLWithPath: "/Users/learner/kata")
  let folders = [
    "Lesson01Arithmetic": "Exercises/Lesson01Arithmetic",
    "Lesson01ArithmeticTests": "Tests/Lesson01ArithmeticTests",
  ]

  @Test(
    "Without a backtrace the runtime's own message places the crash in the graded folder",
    arguments: [
      (
        "Lesson01Arithmetic/Arithmetic.swift:5: Fatal error: Unexpectedly found nil while unwrapping an Optional value",
        "Crashed: Unexpectedly found nil while unwrapping an Optional value (at Exercises/Lesson01Arithmetic/Arithmetic.swift:5)."
      ),
      (
        "Lesson01Arithmetic/Arithmetic.swift:9: Fatal error: not written yet",
        "Crashed: not written yet (at Exercises/Lesson01Arithmetic/Arithmetic.swift:9)."
      ),
      (
        "Lesson01Arithmetic/Arithmetic.swift:12: Precondition failed: left must be positive",
        "Crashed: Precondition failed: left must be positive (at Exercises/Lesson01Arithmetic/Arithmetic.swift:12)."
      ),
      (
        "Lesson01Arithmetic/Arithmetic.swift:3: Fatal error",
        "Crashed: Fatal error (at Exercises/Lesson01Arithmetic/Arithmetic.swift:3)."
      ),
      (
        "Lesson01ArithmeticTests/ArithmeticTests.swift:7: Fatal error: Unexpectedly found nil while unwrapping an Optional value",
        "Crashed: Unexpectedly found nil while unwrapping an Optional value (at Tests/Lesson01ArithmeticTests/ArithmeticTests.swift:7)."
      ),
      (
        "Swift/ContiguousArrayBuffer.swift:691: Fatal error: Index out of range",
        "Crashed: Index out of range."
      ),
    ])
  func runtimeMessage(line: String, summary: String) {
    let output = """
      ◇ Test "Adds two numbers" started.
      add(2, 3) reads index 2
      \(line)
      error: Exited with unexpected signal code 5
      """
    #expect(CrashLog.looksLikeCrash(output))
    #expect(CrashLog(output: output, root: root, moduleFolders: folders).summary == summary)
  }

  @Test("A learner's own SWIFT_BACKTRACE only adds the runtime's warning, which changes nothing")
  func privilegedWarning() {
    let output = """
      swift runtime: backtrace-on-crash is not supported for privileged executables.
      Lesson01Arithmetic/Arithmetic.swift:5: Fatal error: boom
      error: Exited with unexpected signal code 5
      """
    let log = CrashLog(output: output, root: root, moduleFolders: folders)
    #expect(log.summary == "Crashed: boom (at Exercises/Lesson01Arithmetic/Arithmetic.swift:5).")
    #expect(ProgramOutput.withoutCrashNoise(output.split(separator: "\n")[0]) == nil)
  }

  @Test("The backtracer's own warnings are not shown as what the learner's code printed")
  func backtracerWarning() {
    // Seen on a loaded 2-core Linux machine, in the middle of a crash's output.
    let line: Substring =
      "swift-runtime: failed to suspend thread 5163 while processing a crash; backtraces will be missing information"
    #expect(ProgramOutput.withoutCrashNoise(line) == nil)
    #expect(ProgramOutput.withoutCrashNoise("add(2, 3) reads index 2") != nil)
  }

  @Test("The backtrace's frame, where there is one (Linux), wins over the runtime's line")
  func backtraceFirst() {
    let output = """
      Lesson01Arithmetic/Arithmetic.swift:5: Fatal error: boom
      *** Program crashed: System trap at 0x00007f8748b6df7f ***
      0 [ra] 0x1 add(_:_:) + 40 in Tests at /Users/learner/kata/Exercises/Lesson01Arithmetic/Helper.swift:8:3
      """
    let log = CrashLog(output: output, root: root, moduleFolders: folders)
    #expect(log.frame == "Exercises/Lesson01Arithmetic/Helper.swift:8")
  }

  @Test("Prose that mentions a fatal error is not a crash message")
  func prose() {
    #expect(CrashLog.runtimeMessage(in: "The code hit a Fatal error: see above") == nil)
    #expect(!CrashLog.looksLikeCrash("Expectation failed: \"Fatal error: x\" == y"))
  }

  @Test(
    "abort() reads as a call to abort(), with no process id shown as an address",
    arguments: [
      (
        "*** Program crashed: Aborted at 0x00000000000004d2 ***",
        "Crashed: Aborted (abort() was called)."
      ),
      (
        "error: Exited with unexpected signal code 6",
        "Crashed: the test process was killed by signal 6 (abort() was called?)."
      ),
      (
        "*** Program crashed: Bad pointer dereference at 0x00007ffd1a2b3000 ***",
        "Crashed: Bad pointer dereference."
      ),
    ])
  func aborted(line: String, summary: String) {
    #expect(CrashLog(output: line, root: root).summary == summary)
  }

  @Test("SWIFT_BACKTRACE is set where the backtracer works, and not on macOS")
  func backtraceVariable() {
    let folder = URL(fileURLWithPath: "/tmp/kata/backtraces-1")
    #expect(TestRunner.backtraceSetting(folder: folder, onDarwin: true) == nil)
    let linux = TestRunner.backtraceSetting(folder: folder, onDarwin: false)
    #expect(linux?.hasPrefix("enable=yes,") == true)
    #expect(linux?.hasSuffix(",output-to=/tmp/kata/backtraces-1") == true)
    let comma = URL(fileURLWithPath: "/tmp/a,b")
    #expect(
      TestRunner.backtraceSetting(folder: comma, onDarwin: false)?.contains("output-to") == false)
    let kata = URL(fileURLWithPath: "/home/me/DI, kata")
    let below = kata.appending(path: ".build/kata-grader/run-1/backtraces-1")
    #expect(
      TestRunner.backtraceSetting(folder: below, root: kata, onDarwin: false)?.hasSuffix(
        ",output-to=.build/kata-grader/run-1/backtraces-1") == true,
      "a kata whose path has a comma names the folder relative to it")
  }
}

@Suite struct SwiftPMCallTests {
  @Test("The grader builds and tests with SwiftPM's native build system, whose layout it reads")
  func nativeBuildSystem() {
    for arguments in [
      Builder.arguments(scratchPath: ".build/exercises", moduleCache: "/kata/.build/module-cache"),
      TestRunner.arguments(scratchPath: ".build/exercises", events: "/tmp/e.jsonl"),
    ] {
      let at = arguments.firstIndex(of: "--build-system")
      #expect(at.map { arguments[$0 + 1] } == "native", "\(arguments)")
    }
  }
}

@Suite struct ToolchainFitnessTests {
  @Test(
    "The Command Line Tools' missing Swift Testing is named with the command that selects Xcode")
  func commandLineTools() {
    let output = """
      /Users/learner/kata/Tests/Lesson01TightCouplingTests/Task1Tests.swift:1:8: error: no such module 'Testing'
      error: emit-module command failed with exit code 1 (use -v to see invocation)
      """
    let fix = Builder.toolchainFix(in: output)
    #expect(fix?.contains("sudo xcode-select -s /Applications/Xcode.app") == true)
    #expect(GraderError.toolchainUnfit(fix ?? "").description == fix)
  }

  @Test("Xcode's unaccepted licence is named with the command that accepts it")
  func licence() {
    let output = """
      You have not agreed to the Xcode license agreements. Please run 'sudo xcodebuild -license' \
      from within a Terminal window to review and agree to the Xcode and Apple SDKs license.
      """
    #expect(Builder.toolchainFix(in: output)?.contains("sudo xcodebuild -license accept") == true)
  }

  @Test("A learner's own compile error is not a toolchain problem")
  func learnersError() {
    #expect(Builder.toolchainFix(in: "A.swift:3:1: error: cannot find 'x' in scope") == nil)
  }
}

@Suite struct RunLockTests {
  @Test(
    "A folder that cannot be locked is graded without the lock, with a note, not waited on",
    .timeLimit(.minutes(1)), arguments: [ENOLCK, EOPNOTSUPP, EBADF])
  func unlockable(error: Int32) throws {
    let root = FileManager.default.temporaryDirectory.appending(path: "lock-\(UUID())")
    defer { try? FileManager.default.removeItem(at: root) }
    var said: [String] = []
    let attempts = Mutex(0)
    let lock = try RunLock(
      root: root, interruption: Interruption(),
      attempt: { _ in
        attempts.withLock { $0 += 1 }
        return error
      }, say: { said.append($0) })
    withExtendedLifetime(lock) {}
    #expect(attempts.withLock { $0 } == 1)
    #expect(said.count == 1)
    #expect(said.first?.hasPrefix("Could not lock .build/kata-grader.lock (") == true, "\(said)")
    #expect(said.first?.contains("grading without it") == true)
  }

  @Test("A lock another run holds is waited for, announced once")
  func heldElsewhere() throws {
    let root = FileManager.default.temporaryDirectory.appending(path: "lock-\(UUID())")
    defer { try? FileManager.default.removeItem(at: root) }
    var said: [String] = []
    var answers = [EWOULDBLOCK, EINTR, EWOULDBLOCK, 0]
    let lock = try RunLock(
      root: root, interruption: Interruption(), attempt: { _ in answers.removeFirst() },
      say: { said.append($0) })
    withExtendedLifetime(lock) {}
    #expect(answers.isEmpty)
    #expect(said == ["Another ./grade.sh is running in this folder; waiting for it to finish…\n"])
  }
}

@Suite struct SmallerPlatformTests {
  @Test("Closing the terminal (SIGHUP) and Ctrl-\\ stop the grader like Ctrl-C and SIGTERM")
  func hangUp() {
    #expect(Set(Interrupts.stopSignals) == [SIGINT, SIGTERM, SIGHUP, SIGQUIT])
  }

  @Test("The watch clock is 24-hour digits whatever the learner's locale")
  func watchClock() {
    let clock = Watch.clock
    #expect(clock.locale.identifier == "en_US_POSIX")
    clock.timeZone = TimeZone(secondsFromGMT: 0)
    #expect(clock.string(from: Date(timeIntervalSince1970: 15 * 3600 + 4 * 60 + 5)) == "15:04:05")
  }

  @Test("The snippet gate's swiftc is the one beside the swift on PATH")
  func swiftcBesideSwift() throws {
    let work = FileManager.default.temporaryDirectory.appending(path: "swiftc-\(UUID())")
    defer { try? FileManager.default.removeItem(at: work) }
    let other = work.appending(path: "other")  // a swiftc alone, first on PATH
    let toolchain = work.appending(path: "toolchain/usr/bin")
    for (folder, tools) in [(other, ["swiftc"]), (toolchain, ["swift", "swiftc"])] {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      for tool in tools {
        let file = folder.appending(path: tool)
        try Data("#!/bin/sh\n".utf8).write(to: file)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file.path)
      }
    }
    let path = "\(other.path):\(toolchain.path):/usr/bin"
    #expect(Toolchain.swiftc(path: path) == toolchain.appending(path: "swiftc").path)
    #expect(Toolchain.swiftc(path: other.path) == "swiftc", "no swift: PATH decides")
  }
}

@Suite struct ProcessTreeTests {
  @Test("A /proc stat line gives its parent, whatever the process is called")
  func statLine() {
    #expect(ProcessTree.parent(inStat: "4242 (swift-test) S 4200 4242 4200 0 -1") == 4200)
    #expect(ProcessTree.parent(inStat: "77 (a) b (c)) R 12 77 1 0") == 12)
    #expect(ProcessTree.parent(inStat: "garbage") == nil)
  }

  @Test("The tree below a process is found without ps on Linux, with it on macOS")
  func tree() throws {
    let shell = Process()
    shell.executableURL = URL(fileURLWithPath: "/bin/sh")
    shell.arguments = ["-c", "sleep 20 & sleep 20 & wait"]
    try shell.run()
    defer {
      // SIGKILL: the test process's signal mask, which the shell inherits, may hold SIGTERM.
      for pid in ProcessTree.descendants(of: shell.processIdentifier) { kill(pid, SIGKILL) }
      kill(shell.processIdentifier, SIGKILL)
      shell.waitUntilExit()
    }
    var below: [pid_t] = []
    let deadline = Date().addingTimeInterval(10)
    while below.count < 2 && Date() < deadline {
      Thread.sleep(forTimeInterval: 0.05)
      below = ProcessTree.descendants(of: shell.processIdentifier)
    }
    #expect(below.count == 2, "the two sleeps: \(below)")
  }
}

@Suite struct FormatGateTests {
  @Test("CI's non-reference toolchains can skip the format gate, and only by asking")
  func skip() throws {
    let empty = FileManager.default.temporaryDirectory.appending(path: "format-\(UUID())")
    try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: empty) }
    try Data("let x=1\n".utf8).write(to: empty.appending(path: "Package.swift"))
    var gates = QualityGates(root: empty, interruption: Interruption())
    gates.variables = ["KATA_FORMAT_GATE": "skip"]
    #expect(try gates.formatting().isEmpty)
    gates.variables = [:]
    #expect(try !gates.formatting().isEmpty, "badly formatted, not skipped")
  }
}

@Suite struct ProcessMarkTests {
  @Test("The mark is read from a /proc environ file, wherever it stands")
  func environ() {
    let environment = Data("HOME=/root\0KATA_GRADER_CHILD=41-AB\0PATH=/usr/bin\0".utf8)
    #expect(ProcessMarks.mark(inEnviron: environment) == "41-AB")
    #expect(ProcessMarks.mark(inEnviron: Data("HOME=/root\0KATA_GRADER_CHILDREN=1\0".utf8)) == nil)
    #expect(ProcessMarks.mark(inEnviron: Data()) == nil)
  }

  @Test("Marked processes are found in macOS's `ps -A -E -ww -o pid=,command=` output")
  func macOSps() {
    // Shaped as macOS prints it (no Mac was at hand to record it): the id right-aligned,
    // the command line, then the environment as NAME=value words.
    let output = [
      "    1 /sbin/launchd",
      "  512 /usr/bin/login -pf learner TERM=xterm-256color SHELL=/bin/zsh",
      " 8123 /bin/sleep 987654 TMPDIR=/var/folders/x/T/ KATA_GRADER_CHILD=77-1F2E USER=learner",
      " 8130 swift-build --scratch-path .build KATA_GRADER_CHILD=77-9C0D",
    ].joined(separator: "\n")
    let found = ProcessMarks.marks(inPSOutput: output)
    #expect(found.map(\.pid) == [8123, 8130])
    #expect(found.map(\.mark) == ["77-1F2E", "77-9C0D"])
    #expect(found.first?.command.hasPrefix("/bin/sleep 987654") == true)
  }

  @Test("The process tree is read from macOS's `ps -A -o pid= -o ppid=` output")
  func macOSParentLinks() {
    // Shaped as macOS prints it: both numbers right-aligned; a header-less, ragged table.
    let output = "    1     0\n  512     1\n 8123   512\n 8130  8123\n\n garbage line\n"
    let links = ProcessTree.parentLinks(inPSOutput: output)
    #expect(links.map(\.pid) == [1, 512, 8123, 8130])
    #expect(links.map(\.parent) == [0, 1, 512, 8123])
  }

  @Test(
    "A process the grader starts carries the mark, and is found by it while it runs",
    .timeLimit(.minutes(1)))
  func markedChild() throws {
    // The child waits for a gate the check opens once it has looked: no race with its end.
    let gate = FileManager.default.temporaryDirectory.appending(path: "gate-\(UUID())")
    defer { try? FileManager.default.removeItem(at: gate) }
    let script = "while [ ! -e \"$1\" ]; do sleep 0.05; done # marked-child-test"
    let child = ChildProcess(
      arguments: ["sh", "-c", script, "sh", gate.path],
      directory: FileManager.default.temporaryDirectory, interruption: Interruption())
    var found: [String] = []
    _ = try child.run {
      // NB: once seen, kept: a look after the gate opened may come when the child is gone.
      if found.contains(where: { $0.contains("marked-child-test") }) { return .keepWaiting }
      found = ProcessMarks.marked(by: ChildProcess.markPrefix).map(\.command)
      if found.contains(where: { $0.contains("marked-child-test") }) {
        _ = FileManager.default.createFile(atPath: gate.path, contents: nil)
      }
      return .keepWaiting
    }
    #expect(found.contains { $0.contains("marked-child-test") }, "\(found)")
  }

  @Test("A lock holder left by a grading run that is gone (kill -9) is known by its mark")
  func leftoverLockHolder() {
    let scratch = URL(fileURLWithPath: "/kata/.build/exercises")
    let mark = ProcessMarks.mark(forBuildFolder: scratch)
    #expect(
      SwiftPMLock.isLeftover(holder: 7, scratch: scratch, runLockHeld: true, markOf: { _ in mark }))
    #expect(
      !SwiftPMLock.isLeftover(
        holder: 7, scratch: scratch, runLockHeld: false, markOf: { _ in mark }),
      "without the run lock another grader may be at work: wait for it")
    #expect(
      !SwiftPMLock.isLeftover(holder: 7, scratch: scratch, runLockHeld: true, markOf: { _ in nil }),
      "not a grader's child: a swift build of the learner's")
    #expect(
      !SwiftPMLock.isLeftover(
        holder: 7, scratch: scratch, runLockHeld: true,
        markOf: { _ in ProcessMarks.mark(forBuildFolder: URL(fileURLWithPath: "/kata/.build")) }),
      "a grader's child in another build folder")
    #expect(
      !SwiftPMLock.isLeftover(holder: getpid(), scratch: scratch, runLockHeld: true),
      "a process with no mark")
  }

  @Test("Children in one build folder carry one mark on every run; other folders, other marks")
  func stableMarks() {
    let folders = [
      "/kata/.build/exercises", "/kata/.build/solutions", "/other kata/.build/exercises",
    ]
    .map { URL(fileURLWithPath: $0) }
    let marks = folders.map(ProcessMarks.mark(forBuildFolder:))
    #expect(Set(marks).count == 3, "\(marks)")
    #expect(
      marks[0]
        == ProcessMarks.mark(forBuildFolder: URL(fileURLWithPath: "/kata/.build/./exercises")),
      "the same folder, spelt another way, has the same mark")
    #expect(marks.allSatisfy { !$0.contains(" ") && $0.hasPrefix("kata-") }, "\(marks)")
  }

  @Test("What another SwiftPM process holding .build is told, with its id and how to stop")
  func swiftPMLockMessage() {
    let said = SwiftPMLock.message(folder: ".build", owner: "\(getpid())\n")
    #expect(said.hasPrefix("Another SwiftPM process is using .build (process \(getpid())"))
    #expect(said.hasSuffix("; waiting for it… Ctrl-C stops.\n"))
    #expect(
      SwiftPMLock.message(folder: ".build", owner: "")
        == "Another SwiftPM process is using .build; waiting for it… Ctrl-C stops.\n")
  }
}
