import Foundation
import Testing

@testable import GraderCore

@Suite struct ChildProcessTests {
  @Test("A child's whole output is captured, up to its last byte, every time")
  func wholeOutput() throws {
    let file = FileManager.default.temporaryDirectory.appending(path: "kata-output-\(UUID()).txt")
    defer { try? FileManager.default.removeItem(at: file) }
    let text =
      (1...400).map { "line \($0) of the child's output, long enough to span pipe reads" }
      .joined(separator: "\n") + "\nTHE END\n"
    try text.write(to: file, atomically: true, encoding: .utf8)
    for _ in 1...40 {
      let outcome = try ChildProcess(
        arguments: ["cat", file.path], directory: FileManager.default.temporaryDirectory,
        interruption: Interruption()
      ).run()
      try #require(
        outcome.output == text, "lost \(text.utf8.count - outcome.output.utf8.count) bytes")
    }
  }

  @Test(
    "A `swift` step that Ctrl-C ended itself, before the grader looked, counts as stopped for the message"
  )
  func stepEndedByCtrlCCountsAsStopped() throws {
    let folder = FileManager.default.temporaryDirectory.appending(path: "kata-ctrlc-\(UUID())")
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let stub = folder.appending(path: "swift")
    // As `swift test` does when the terminal's Ctrl-C reaches it too: it dies of SIGINT at once.
    try Data("#!/bin/sh\nkill -INT $$\nsleep 5\n".utf8).write(to: stub)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: stub.path)
    let interruption = Interruption()
    interruption.request()
    let outcome = try ChildProcess(
      arguments: ["swift", "test"],
      environment: ["PATH": "\(folder.path):/usr/bin:/bin"], directory: folder,
      interruption: interruption
    ).run()
    #expect(outcome.signalled || outcome.status != 0)
    #expect(interruption.stopped == ["test"])
    #expect(
      Interrupts.interruptedMessage(stopped: interruption.stopped)
        == "Interrupted; the test process was stopped.")
  }

  @Test("A temporary folder with a letter outside ASCII is not handed on as TMPDIR")
  func nonASCIITemporaryFolderIsNotTMPDIR() throws {
    let base = FileManager.default.temporaryDirectory.appending(path: "kata-tmp-\(UUID())")
    defer { try? FileManager.default.removeItem(at: base) }
    for (name, handedOn) in [("plain", true), ("Développement", false)] {
      var child = ChildProcess(
        arguments: ["sh", "-c", "printf %s \"$TMPDIR\""],
        directory: base.deletingLastPathComponent(), interruption: Interruption())
      let folder = base.appending(path: name)
      child.temporaryFolder = folder
      let outcome = try child.run()
      #expect((outcome.output == folder.path) == handedOn, "\(name): TMPDIR was \(outcome.output)")
    }
  }

  @Test(
    "A file or a link in place of the child's temporary folder is replaced by the folder, and a linked folder is left alone"
  )
  func damagedTemporaryFolder() throws {
    let base = FileManager.default.temporaryDirectory.appending(path: "kata-tmp-\(UUID())")
    defer { try? FileManager.default.removeItem(at: base) }
    let elsewhere = base.appending(path: "elsewhere")
    try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
    try Data("keep".utf8).write(to: elsewhere.appending(path: "mine.txt"))
    let folder = base.appending(path: "kata-grader/tmp")
    try FileManager.default.createDirectory(
      at: folder.deletingLastPathComponent(), withIntermediateDirectories: true)
    for damage in ["file", "link"] {
      if damage == "file" {
        try Data("not a folder".utf8).write(to: folder)
      } else {
        try FileManager.default.createSymbolicLink(at: folder, withDestinationURL: elsewhere)
      }
      var child = ChildProcess(
        arguments: ["sh", "-c", "printf %s \"$TMPDIR\"; : > \"$TMPDIR/lock\""],
        directory: base, interruption: Interruption())
      child.temporaryFolder = folder
      let outcome = try child.run()
      // Before, SwiftPM failed with couldNotFindTmpDir, shown as the learner's compile error
      // (break round 11, case 20).
      #expect(outcome.status == 0 && outcome.output == folder.path, "\(damage): \(outcome.output)")
      let type = try FileManager.default.attributesOfItem(atPath: folder.path)[.type]
      #expect(type as? FileAttributeType == .typeDirectory, "\(damage)")
      #expect(
        try FileManager.default.contentsOfDirectory(atPath: elsewhere.path) == ["mine.txt"],
        "emptying the temporary folder must not reach through a link")
      try FileManager.default.removeItem(at: folder)
    }
  }

  @Test("Variables the grader leaves out (Swift Testing's SWT_ settings) do not reach the child")
  func variablesLeftOut() throws {
    setenv("SWT_KATA_GRADER_PROBE", "inherited", 1)
    defer { unsetenv("SWT_KATA_GRADER_PROBE") }
    var child = ChildProcess(
      arguments: ["sh", "-c", "printf %s \"${SWT_KATA_GRADER_PROBE-left out}\""],
      directory: FileManager.default.temporaryDirectory, interruption: Interruption())
    #expect(try child.run().output == "inherited")
    child.inheritedVariablesLeftOut = ["SWT_"]
    #expect(try child.run().output == "left out")
  }

  @Test("SWIFTPM_BUILD_DIR never reaches a child: the build stays in the folder the grader names")
  func buildFolderVariableLeftOut() {
    var child = ChildProcess(
      arguments: ["true"], directory: FileManager.default.temporaryDirectory,
      interruption: Interruption())
    child.environment = ["KATA_LESSONS": "lesson01"]
    let inherited = ["SWIFTPM_BUILD_DIR": "/tmp/elsewhere", "PATH": "/usr/bin", "SWT_X": "1"]
    #expect(
      child.childEnvironment(inheriting: inherited)
        == ["PATH": "/usr/bin", "SWT_X": "1", "KATA_LESSONS": "lesson01"])
    child.inheritedVariablesLeftOut = ["SWT_"]
    #expect(
      child.childEnvironment(inheriting: inherited)
        == ["PATH": "/usr/bin", "KATA_LESSONS": "lesson01"])
  }

  @Test(
    "A read a signal interrupts (EINTR) is tried again; the output ends at its end or an error",
    arguments: [Int32(EINTR), EBADF])
  func interruptedReads(failure: Int32) {
    // Each call answers the next of: `failure`, "ab", `failure`, "cd", the end.
    var answers: [(bytes: [UInt8], error: Int32)] = [
      ([], failure), (Array("ab".utf8), 0), ([], failure), (Array("cd".utf8), 0), ([], 0),
    ]
    let buffer = CappedBuffer(cap: 1024)
    ChildProcess.readUntilEnd(into: buffer) { bytes in
      let answer = answers.removeFirst()
      guard answer.error == 0 else { return (-1, answer.error) }
      bytes.copyBytes(from: answer.bytes)
      return (answer.bytes.count, 0)
    }
    #expect(buffer.ended, "the end is marked either way")
    if failure == EINTR {
      #expect(buffer.text == "abcd", "an interrupted read loses nothing and ends nothing")
      #expect(answers.isEmpty)
    } else {
      #expect(buffer.text == "", "another error ends the output where it happens")
    }
  }

  @Test(
    "A chain of processes that each start the next and exit is ended whole after the run",
    .timeLimit(.minutes(1)))
  func processChainEnded() throws {
    let folder = FileManager.default.temporaryDirectory.appending(path: "kata-chain-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let stop = folder.appending(path: "stop")
    // Whatever happens, the chain ends itself once this file exists.
    defer {
      _ = FileManager.default.createFile(atPath: stop.path, contents: nil)
      Thread.sleep(forTimeInterval: 0.2)
      try? FileManager.default.removeItem(at: folder)
    }
    let script = folder.appending(path: "chain.sh")
    // Each generation starts the next at once (away from the output) and exits a moment later:
    // a new one every millisecond or so, dozens alive at a time, 3,000 in all unless ended. A
    // table read once is out of date before it is read to the end.
    try """
    #!/bin/sh
    [ -e "$1" ] || [ "$2" -ge 3000 ] && exit 0
    "$0" "$1" $(($2 + 1)) >/dev/null 2>&1 &
    sleep 0.05

    """.write(to: script, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
    var child = ChildProcess(
      arguments: [script.path, stop.path, "0"], directory: folder, interruption: Interruption())
    let mark = "kata-chain-test-\(UUID().uuidString)"
    child.mark = mark
    _ = try child.run()
    Thread.sleep(forTimeInterval: 0.2)
    let alive = ProcessMarks.marked(by: mark)
    #expect(alive.isEmpty, "members of the chain still run after the run ended: \(alive)")
  }
}
