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
    var testDescription: String { name }
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

  /// What one run of grade.sh did.
  struct Run {
    var status: Int32
    var output: String
    var errors: String
    /// The arguments the stub `swift build` was given.
    var swiftBuild: String
  }

  static func run(
    _ machine: Machine, shell: String, arguments: [String] = [], makeFolder: Bool = true
  ) throws -> Run {
    let work = FileManager.default.temporaryDirectory.appending(path: "grade-sh-\(UUID())")
    defer { try? FileManager.default.removeItem(at: work) }
    let kata = work.appending(path: "kata")
    let stubs = work.appending(path: "bin")
    for folder in [kata, stubs] {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }
    let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appending(path: "../../../grade.sh").standardizedFileURL
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
          echo "$*" > '\(log.path)'
          while [ $# -gt 0 ]; do
            if [ "$1" = --scratch-path ]; then scratch=$2; fi
            shift
          done
          mkdir -p "$scratch/debug"
          printf '#!/bin/sh\\necho "GRADER RAN $*"\\n' > "$scratch/debug/kata-grader"
          chmod +x "$scratch/debug/kata-grader"
          ;;
      esac
      """)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [shell, kata.appending(path: "grade.sh").path] + arguments
    var environment = [
      "PATH": "\(stubs.path):/usr/bin:/bin", "HOME": work.path,
      "KATA_SWIFT_SHIM": stubs.appending(path: "swift").path,
    ]
    environment["DEVELOPER_DIR"] = machine.developerEnvironment
    process.environment = environment
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let out = output.fileHandleForReading.readDataToEndOfFile()
    let err = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Run(
      status: process.terminationStatus, output: String(decoding: out, as: UTF8.self),
      errors: String(decoding: err, as: UTF8.self),
      swiftBuild: (try? String(contentsOf: log, encoding: .utf8)) ?? "")
  }

  private static func stub(_ name: String, in folder: URL, _ body: String) throws {
    let file = folder.appending(path: name)
    try Data("#!/bin/sh\n\(body)\n".utf8).write(to: file)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file.path)
  }
}
