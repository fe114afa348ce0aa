import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Ctrl-C as the grader's parts see it: whether it was pressed, and which `swift` steps it
/// stopped. Every part that starts a process or waits is given one; the grader's own is
/// ``Interrupts/signals``, which the signal handlers set. A test makes its own and requests
/// it: no signal, and nothing shared with the tests running beside it.
public final class Interruption: Sendable {
  private let flag = Atomic<Bool>(false)
  private let stoppedSteps = Mutex<Set<String>>([])

  /// A token nobody has requested yet.
  public init() {}

  /// Whether Ctrl-C was pressed (or ``request()`` called).
  public var requested: Bool { flag.load(ordering: .relaxed) }

  /// Asks every part holding this token to stop. Only an atomic store, so a signal handler
  /// may call it.
  public func request() { flag.store(true, ordering: .relaxed) }

  /// The `swift` subcommands (`build`, `test`) that were stopped while they ran.
  var stopped: Set<String> { stoppedSteps.withLock { $0 } }

  func noteStopped(_ subcommand: String) {
    _ = stoppedSteps.withLock { $0.insert(subcommand) }
  }
}

/// Routes Ctrl-C, Ctrl-\\, SIGTERM and SIGHUP to ``signals``, so the grader can end its
/// children and exit cleanly instead of leaving a test process running.
public enum Interrupts {
  /// The grader's token, the one its signal handlers set. The only state the grader keeps
  /// outside its parts: a C signal handler cannot capture a value, so it must reach a global.
  public static let signals = Interruption()

  /// The signals that stop the grader: Ctrl-C, `kill`, closing the terminal (SIGHUP, which
  /// would otherwise end the grader at once and leave its test process running) and Ctrl-\\
  /// (SIGQUIT, whose default dumps the grader's backtrace on the learner and leaves the test
  /// process running).
  static let stopSignals = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

  /// Installs the handlers, and unblocks the signals on the calling thread. A handler (not
  /// `SIG_IGN`) is used on purpose: children get the default disposition back when they start.
  ///
  /// The signal mask is inherited: a grader started from a thread that blocks these signals
  /// (a Dispatch worker thread blocks them, and Foundation's `Process` keeps the mask on Linux)
  /// would otherwise never hear Ctrl-C. Call it first thing, on the main thread.
  public static func install() {
    _ = signals  // made before a handler can run: a handler must not be the first to reach it
    var unblocked = sigset_t()
    sigemptyset(&unblocked)
    for stop in stopSignals {
      signal(stop) { _ in Interrupts.signals.request() }
      sigaddset(&unblocked, stop)
    }
    pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
  }

  /// What to tell the learner after Ctrl-C: only what was really stopped.
  static func interruptedMessage(stopped: Set<String>) -> String {
    switch (stopped.contains("build"), stopped.contains("test")) {
    case (true, true): return "Interrupted; the build and the test process were stopped."
    case (true, false): return "Interrupted; the build was stopped, no test had started."
    case (false, true): return "Interrupted; the test process was stopped."
    case (false, false): return "Interrupted; nothing was running yet."
    }
  }
}

/// How a child process ended.
package struct ChildOutcome: Sendable {
  /// The exit status, or the signal number when `signalled`.
  package var status: Int32
  /// Whether a signal ended the process (a crash, or the grader stopping it).
  var signalled: Bool
  /// Everything it printed (standard output and error, interleaved), capped.
  package var output: String
  /// Whether the grader stopped it (time limit or Ctrl-C).
  var stopped: Bool
  /// How many processes it started were still running after it ended (carrying its
  /// ``ChildProcess/markVariable``), and were ended by the grader.
  var leftovers = 0
  /// Whether its output stayed open after it ended (something it started kept it).
  var outputLeftOpen = false
}

/// What the caller wants after each look at a running child.
package enum Verdict { case keepWaiting, stop }

/// Runs `swift` (or another tool) as a child process, with its output captured and capped,
/// and the power to end it and its own children.
package struct ChildProcess {
  /// The environment variable each child (and whatever it starts, as environments are
  /// inherited) carries: it finds what remains of a run after the child ended, even what
  /// left the process tree (a daemon, a child of a test process that exited).
  static let markVariable = "KATA_GRADER_CHILD"
  /// The start of the marks this grader makes up for a child with no ``mark``: its own process id.
  static let markPrefix = "\(getpid())-"
  /// How long the output may stay open after the child ended, before what holds it is ended.
  static let outputGrace = 5.0

  /// The program and its arguments; the program is looked up on `PATH`.
  var arguments: [String]
  /// The mark the child and whatever it starts carry (``markVariable``), and by which what
  /// remains of it is ended after it ends; `nil` for one of its own.
  ///
  /// SwiftPM gets its build folder's mark (``ProcessMarks/mark(forBuildFolder:)``), the same on
  /// every run: SwiftPM keys its cache of the evaluated `Package.swift` on the whole
  /// environment, and a new value each run made it compile the manifest again for every
  /// build and test run (about 0.5 s of CPU and up to 1.5 s each, measured on Linux).
  var mark: String?
  /// Variables added to the grader's own environment.
  var environment: [String: String] = [:]
  /// Prefixes of the grader's own variables that the child does not inherit, besides
  /// ``neverInherited``.
  var inheritedVariablesLeftOut: [String] = []
  /// Variables no child inherits: `SWIFTPM_BUILD_DIR` would move SwiftPM's build out of the
  /// folder the grader names (and watches for SwiftPM's lock), and out of the kata.
  static let neverInherited = ["SWIFTPM_BUILD_DIR"]

  /// The grader's environment `inherited`, less what a child must not inherit.
  func childEnvironment(inheriting inherited: [String: String]) -> [String: String] {
    let leftOut = Self.neverInherited + inheritedVariablesLeftOut
    var env = inherited.filter { variable in !leftOut.contains { variable.key.hasPrefix($0) } }
    env.merge(environment) { _, new in new }
    return env
  }
  /// The working directory.
  var directory: URL
  /// Ctrl-C: when requested, the child is ended.
  var interruption: Interruption
  /// How many bytes of output to keep: the first and the last half of it.
  var outputCap = 256 * 1024
  /// Whether standard error joins the captured output (else it is discarded).
  var capturesErrors = true
  /// The child's `TMPDIR`, emptied once it ends: SwiftPM leaves about two dozen empty
  /// `TemporaryDirectory.*` folders (and lock files) in it per run. `nil` keeps the system's.
  var temporaryFolder: URL?

  /// Whether `folder` can be a child's `TMPDIR`: SwiftPM 6.3 fails to start
  /// (`couldNotFindTmpDir`) when it holds a letter outside ASCII, as a kata cloned into
  /// `~/Développement` would give it; such a child keeps the system's temporary folder.
  static func canBeTMPDIR(_ folder: URL) -> Bool {
    folder.path.unicodeScalars.allSatisfy(\.isASCII)
  }

  /// `folder`, made ready to be a child's `TMPDIR`: created when missing, and whatever else
  /// is in its place first removed (a file or a link: a damaged `.build`; the folder is the
  /// grader's own, and a link would let ``empty(_:)`` empty a folder elsewhere). `nil` when
  /// it cannot be one (see ``canBeTMPDIR(_:)``) or made: the child keeps the system's.
  static func readyTemporaryFolder(_ folder: URL) -> URL? {
    canBeTMPDIR(folder) && RegularFile.makeOwnFolder(folder) ? folder : nil
  }

  /// Starts the process and waits for it, calling `check` about every 50 ms.
  ///
  /// - Parameter check: Called while the child runs; `.stop` ends it (SIGINT first, which
  ///   `swift test` forwards to the test process, then SIGKILL to its process group).
  /// - Returns: How it ended.
  /// - Throws: ``GraderError/toolMissing(_:)`` when the program cannot be started.
  package func run(check: () -> Verdict = { .keepWaiting }) throws(GraderError) -> ChildOutcome {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    process.currentDirectoryURL = directory
    var env = childEnvironment(inheriting: ProcessInfo.processInfo.environment)
    let mark = self.mark ?? Self.markPrefix + UUID().uuidString
    env[Self.markVariable] = mark
    let temporaryFolder = temporaryFolder.flatMap(Self.readyTemporaryFolder)
    if let temporaryFolder { env["TMPDIR"] = temporaryFolder.path }
    defer { if let temporaryFolder { Self.empty(temporaryFolder) } }
    process.environment = env
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = capturesErrors ? pipe : FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    let buffer = CappedBuffer(cap: outputCap)
    let exited = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in exited.signal() }
    do {
      try process.run()
    } catch {
      throw .toolMissing(arguments.first ?? "")
    }
    // NB: a thread of its own that reads until end of file. `readabilityHandler` lost the
    // last chunks of a child's output on Linux (the grader's own test caught it).
    try? pipe.fileHandleForWriting.close()
    let reader = pipe.fileHandleForReading
    Thread.detachNewThread {
      Self.readUntilEnd(into: buffer) { bytes in
        let count = read(reader.fileDescriptor, bytes.baseAddress, bytes.count)
        return (count, count < 0 ? errno : 0)
      }
      withExtendedLifetime(reader) {}
    }
    var stopped = false
    // Wake at once when the child ends, and every 50 ms to look at it meanwhile.
    while exited.wait(timeout: .now() + .milliseconds(50)) == .timedOut {
      if interruption.requested || check() == .stop {
        stopped = true
        Self.stop(process, arguments: arguments, interruption: interruption)
        break
      }
    }
    process.waitUntilExit()
    // Ctrl-C in a terminal reaches the child too, which may end before the loop above looks:
    // it was stopped all the same, and the message after it says so (break round 11).
    if !stopped, interruption.requested,
      process.terminationReason == .uncaughtSignal
        || process.terminationStatus != 0, arguments.first == "swift", arguments.count > 1
    {
      interruption.noteStopped(arguments[1])
    }
    // A process it started may hold the output open and live on: bounded, then ended.
    buffer.waitForEnd(upTo: Self.outputGrace)
    let outputLeftOpen = !buffer.ended
    let leftovers = ProcessMarks.end(mark, group: process.processIdentifier)
    if outputLeftOpen { buffer.waitForEnd(upTo: 1) }
    return ChildOutcome(
      status: process.terminationStatus,
      signalled: process.terminationReason == .uncaughtSignal,
      output: buffer.text,
      stopped: stopped,
      leftovers: leftovers,
      outputLeftOpen: outputLeftOpen
    )
  }

  /// Reads with `read` into `buffer` until the end of the output (or an error), then appends
  /// the empty chunk that marks the end.
  ///
  /// A read a signal interrupts (`EINTR`: a handler without `SA_RESTART`, such as the
  /// backtracer's) is tried again. `FileHandle.availableData` traps on it instead, and took the
  /// grader down with "Interrupted system call" (seen once on Linux, after a SIGQUIT).
  ///
  /// - Parameter read: Reads into the bytes, returning the count (0 at the end, negative on
  ///   an error) and the error number.
  static func readUntilEnd(
    into buffer: CappedBuffer,
    read: (UnsafeMutableRawBufferPointer) -> (count: Int, error: Int32)
  ) {
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let (count, error) = chunk.withUnsafeMutableBytes(read)
      if count < 0 && error == EINTR { continue }
      guard count > 0 else { break }
      buffer.append(Data(chunk[0..<count]))
    }
    buffer.append(Data())
  }

  /// Removes what `folder` holds, keeping the folder.
  static func empty(_ folder: URL) {
    let fileManager = FileManager.default
    for name in (try? fileManager.contentsOfDirectory(atPath: folder.path)) ?? [] {
      try? fileManager.removeItem(at: folder.appending(path: name))
    }
  }

  /// Asks politely, then insists: SIGINT lets SwiftPM end the test process or the compilers
  /// it started; whatever of that process tree still runs after three seconds is killed, so
  /// no orphaned compiler or linker can write into the build folder after the grader moved on.
  /// A stop the grader decides itself ends the processes below the child first.
  private static func stop(_ process: Process, arguments: [String], interruption: Interruption) {
    if interruption.requested, arguments.first == "swift", arguments.count > 1 {
      interruption.noteStopped(arguments[1])
    }
    let pid = process.processIdentifier
    let tree = ProcessTree.descendants(of: pid)
    // A stop the grader decides (a test past its time limit): what runs below first, so that
    // `swift test` ends on its own and passes on the output it still holds; stopped first, it
    // took what the hung test had printed with it.
    if !interruption.requested, !tree.isEmpty {
      for descendant in tree { kill(descendant, SIGKILL) }
      let deadline = Date().addingTimeInterval(3)
      while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
      if !process.isRunning { return }
    }
    kill(pid, SIGINT)
    let deadline = Date().addingTimeInterval(3)
    while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
    if process.isRunning {
      kill(-pid, SIGKILL)  // the child's own process group, where Foundation starts one
      kill(pid, SIGKILL)
    }
    for descendant in tree where kill(descendant, 0) == 0 { kill(descendant, SIGKILL) }
  }
}

/// The processes below one process: from `/proc` on Linux (the `swift` Docker images used
/// in CI have no `ps`), from `ps` on macOS.
enum ProcessTree {
  /// Every descendant of `root`, or none when the process table cannot be read.
  static func descendants(of root: pid_t) -> [pid_t] {
    var children: [pid_t: [pid_t]] = [:]
    for (pid, parent) in parentLinks() { children[parent, default: []].append(pid) }
    var found: [pid_t] = []
    var queue = [root]
    while let next = queue.popLast() {
      let below = children[next] ?? []
      found += below
      queue += below
    }
    return found
  }

  /// The processes above `pid`: its parent, the parent's parent, and so on up to the first
  /// process, or none when the process table cannot be read.
  static func ancestors(of pid: pid_t) -> [pid_t] {
    let parents = Dictionary(parentLinks().map { ($0.pid, $0.parent) }) { first, _ in first }
    var found: [pid_t] = []
    var next = parents[pid]
    while let parent = next, parent > 0, !found.contains(parent) {
      found.append(parent)
      next = parents[parent]
    }
    return found
  }

  /// Each running process with its parent.
  private static func parentLinks() -> [(pid: pid_t, parent: pid_t)] {
    #if os(Linux)
      let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
      return entries.compactMap { entry in
        guard let pid = pid_t(entry),
          let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
          let parent = parent(inStat: stat)
        else { return nil }
        return (pid, parent)
      }
    #else
      return ps(["-A", "-o", "pid=", "-o", "ppid="]).map(parentLinks(inPSOutput:)) ?? []
    #endif
  }

  /// The links in the output of `ps -A -o pid= -o ppid=` (macOS): two numbers a line,
  /// right-aligned with spaces.
  static func parentLinks(inPSOutput output: String) -> [(pid: pid_t, parent: pid_t)] {
    output.split(separator: "\n").compactMap { line in
      let fields = line.split(separator: " ").compactMap { pid_t($0) }
      return fields.count == 2 ? (fields[0], fields[1]) : nil
    }
  }

  /// What `/bin/ps` prints for `arguments`, or `nil` when it cannot run (macOS; Linux reads
  /// `/proc` instead).
  static func ps(_ arguments: [String]) -> String? {
    let ps = Process()
    ps.executableURL = URL(fileURLWithPath: "/bin/ps")
    ps.arguments = arguments
    let pipe = Pipe()
    ps.standardOutput = pipe
    ps.standardError = FileHandle.nullDevice
    guard (try? ps.run()) != nil else { return nil }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    ps.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
  }

  /// The command line of `pid`, or `nil` when the system does not tell.
  static func command(of pid: pid_t) -> String? {
    #if os(Linux)
      guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else {
        return nil
      }
      let words = data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
      return words.isEmpty ? nil : words.joined(separator: " ")
    #else
      let text = ps(["-ww", "-o", "command=", "-p", "\(pid)"])?.trimmingCharacters(
        in: .whitespacesAndNewlines)
      return text?.isEmpty == false ? text : nil
    #endif
  }

  /// The parent's id in a `/proc/<pid>/stat` line, `pid (name) state ppid …`; the name may
  /// itself hold spaces and parentheses, so the fields are counted after the last `)`.
  static func parent(inStat stat: String) -> pid_t? {
    guard let close = stat.lastIndex(of: ")") else { return nil }
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    return fields.count >= 2 ? pid_t(fields[1]) : nil
  }
}

/// Finds and ends the processes that carry a run's ``ChildProcess/markVariable``: from
/// `/proc/<pid>/environ` on Linux, from `ps -E` on macOS (both show only the user's own).
enum ProcessMarks {
  /// Ends every process marked with exactly `mark`, but the grader's own ancestors, and every
  /// process left in `group`, the process group of the child that was run.
  ///
  /// What is found is stopped first (SIGSTOP: a stopped process starts no other), the group
  /// all at once, so that a chain of processes that each start the next and exit is caught
  /// whole, not chased by a table that is out of date as soon as it is read; the table is read
  /// again until it shows nothing new; then all is killed. The grader's ancestors are spared: a
  /// shell that carries the mark (the same on every run, see ``mark(forBuildFolder:)``) is the
  /// learner's, not a leftover.
  ///
  /// - Parameters:
  ///   - mark: The mark of the run's processes.
  ///   - group: The child's process group (Foundation gives each child one of its own).
  /// - Returns: How many marked processes there were.
  @discardableResult
  static func end(_ mark: String, group: pid_t? = nil) -> Int {
    if let group { kill(-group, SIGSTOP) }
    let spared = Set(ProcessTree.ancestors(of: getpid()))
    var stopped = Set<pid_t>()
    for _ in 0..<20 {
      let found = marked { $0 == mark }.map(\.pid)
        .filter { !spared.contains($0) && !stopped.contains($0) }
      if found.isEmpty { break }
      for pid in found { kill(pid, SIGSTOP) }
      stopped.formUnion(found)
    }
    for pid in stopped { kill(pid, SIGKILL) }
    if let group { kill(-group, SIGKILL) }
    return stopped.count
  }

  /// The mark of what the grader starts in `folder`, a build folder: the same for every run
  /// there (see ``ChildProcess/mark``). Runs in one build folder never overlap (they hold the
  /// run lock, and each of `--verify`'s workers has a folder of its own), so after a run what
  /// carries it is that run's.
  static func mark(forBuildFolder folder: URL) -> String {
    // FNV-1a: a short, fixed name for the path (which may hold spaces, unlike a mark in `ps`).
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in folder.standardizedFileURL.path.utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    return "kata-" + String(hash, radix: 16)
  }

  /// The mark `pid` carries, if it is a child of a grading run.
  static func mark(of pid: pid_t) -> String? {
    #if os(Linux)
      return FileManager.default.contents(atPath: "/proc/\(pid)/environ").flatMap(mark(inEnviron:))
    #else
      return psMarks().first { $0.pid == pid }?.mark
    #endif
  }

  /// The processes whose mark starts with `prefix`, with their command lines.
  static func marked(by prefix: String) -> [(pid: pid_t, command: String)] {
    marked { $0.hasPrefix(prefix) }
  }

  private static func marked(_ matches: (String) -> Bool) -> [(pid: pid_t, command: String)] {
    let own = getpid()
    #if os(Linux)
      let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
      return entries.compactMap { entry in
        guard let pid = pid_t(entry), pid != own,
          let environment = FileManager.default.contents(atPath: "/proc/\(entry)/environ"),
          let value = mark(inEnviron: environment), matches(value)
        else { return nil }
        return (pid, ProcessTree.command(of: pid) ?? "")
      }
    #else
      return psMarks().filter { process in
        process.pid != own && matches(process.mark)
      }.map { ($0.pid, $0.command) }
    #endif
  }

  /// Every marked process `ps -E` shows (macOS).
  private static func psMarks() -> [(pid: pid_t, mark: String, command: String)] {
    ProcessTree.ps(["-A", "-E", "-ww", "-o", "pid=,command="]).map(marks(inPSOutput:)) ?? []
  }

  /// The mark in a `/proc/<pid>/environ` file (`NAME=value` entries ended by NUL bytes).
  static func mark(inEnviron environment: Data) -> String? {
    let prefix = Data((ChildProcess.markVariable + "=").utf8)
    for entry in environment.split(separator: 0) where entry.starts(with: prefix) {
      return String(decoding: entry.dropFirst(prefix.count), as: UTF8.self)
    }
    return nil
  }

  /// The marked processes in the output of `ps -A -E -ww -o pid=,command=` (macOS): each
  /// line is the id, the command line, then the environment as `NAME=value` words.
  static func marks(inPSOutput output: String) -> [(pid: pid_t, mark: String, command: String)] {
    let needle = " \(ChildProcess.markVariable)="
    return output.split(separator: "\n").compactMap { line in
      let trimmed = line.drop { $0 == " " }
      guard let space = trimmed.firstIndex(of: " "), let pid = pid_t(trimmed[..<space]),
        let found = trimmed.range(of: needle)
      else { return nil }
      let value = trimmed[found.upperBound...].prefix { $0 != " " }
      let command = trimmed[trimmed.index(after: space)..<found.lowerBound]
      return (pid, String(value), String(command))
    }
  }
}

/// Keeps the first and the last part of a stream, so a flood of output neither fills memory
/// nor hides the crash message that comes at the end.
final class CappedBuffer: Sendable {
  private struct State {
    var head = Data()
    var tail = Data()
    var dropped = 0
    var ended = false
  }
  private let cap: Int
  private let state = Mutex(State())

  init(cap: Int) { self.cap = cap }

  /// A mark of this grader's run, in every cut line: the code under test cannot know it, so
  /// a line it prints that reads like a cut is never taken for one.
  static let mark = String(UUID().uuidString.prefix(8))

  /// The line that stands where `dropped` bytes in the middle were left out.
  static func cutLine(dropped: Int) -> String {
    "… [\(dropped) bytes of output left out, cut \(mark)] …"
  }

  /// Whether `text` holds a cut line of this run.
  static func hasCut(_ text: some StringProtocol) -> Bool {
    text.contains("bytes of output left out, cut \(mark)]")
  }

  func append(_ data: Data) {
    state.withLock { state in
      guard !data.isEmpty else {
        state.ended = true
        return
      }
      let half = cap / 2
      var rest = data
      if state.head.count < half {
        let take = min(half - state.head.count, rest.count)
        state.head.append(rest.prefix(take))
        rest = rest.dropFirst(take)
      }
      guard !rest.isEmpty else { return }
      state.tail.append(rest)
      if state.tail.count > half {
        let excess = state.tail.count - half
        state.dropped += excess
        state.tail = Data(state.tail.dropFirst(excess))
      }
    }
  }

  /// Whether the stream reached its end.
  var ended: Bool { state.withLock { $0.ended } }

  func waitForEnd(upTo seconds: Double) {
    let deadline = Date().addingTimeInterval(seconds)
    while !state.withLock({ $0.ended }) && Date() < deadline {
      Thread.sleep(forTimeInterval: 0.002)
    }
  }

  var text: String {
    state.withLock { state in
      let head = String(decoding: state.head, as: UTF8.self)
      let tail = String(decoding: state.tail, as: UTF8.self)
      guard state.dropped > 0 else { return head + tail }
      // Cut at line ends, so no half line is taken for a whole one.
      let wholeHead = head.lastIndex(of: "\n").map { String(head[...$0]) } ?? ""
      let wholeTail = tail.firstIndex(of: "\n").map { String(tail[tail.index(after: $0)...]) } ?? ""
      return wholeHead + Self.cutLine(dropped: state.dropped) + "\n" + wholeTail
    }
  }
}

extension ChildProcess {
  /// A child that runs `arguments` in `directory` until it ends or `interruption` is
  /// requested, with the other settings at their defaults.
  package init(arguments: [String], directory: URL, interruption: Interruption) {
    self.init(
      arguments: arguments, environment: [:], directory: directory, interruption: interruption)
  }
}
