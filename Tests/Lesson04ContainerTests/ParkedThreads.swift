import Foundation

#if canImport(Darwin)
  import Darwin
#endif

/// A thread a test can ask, from another thread, whether it is parked: blocked in the kernel
/// until something wakes it (a condition, a lock, a semaphore), rather than running or ready
/// to run.
///
/// A test uses it to know that threads which called `resolve` are really waiting inside it
/// for a creation in flight, instead of pausing and hoping they got there. Only Linux and
/// Apple platforms can tell; elsewhere a thread never counts as parked.
struct WatchedThread: Sendable {
  #if os(Linux)
    private let statPath: String?
  #elseif canImport(Darwin)
    private let port: mach_port_t
  #endif

  /// The thread that calls this.
  static func current() -> WatchedThread {
    WatchedThread()
  }

  private init() {
    #if os(Linux)
      // "/proc/thread-self" links to "<pid>/task/<tid>".
      let link = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/thread-self")
      statPath = link.map { "/proc/\($0)/stat" }
    #elseif canImport(Darwin)
      port = pthread_mach_thread_np(pthread_self())
    #endif
  }

  /// Whether the thread is blocked, waiting to be woken.
  var isParked: Bool {
    #if os(Linux)
      // The state is the first field after the command name in parentheses; "S" is a sleep
      // that a wake-up ends (a futex, which every lock and condition waits on).
      guard let statPath, let file = FileHandle(forReadingAtPath: statPath) else { return false }
      defer { try? file.close() }
      let stat = String(decoding: file.readDataToEndOfFile(), as: UTF8.self)
      guard let nameEnd = stat.lastIndex(of: ")") else { return false }
      return stat[stat.index(after: nameEnd)...].first { $0 != " " } == "S"
    #elseif canImport(Darwin)
      // Read, not run (no Mac was reachable): checked against <mach/thread_info.h> and
      // <mach/thread_act.h>. `thread_info(thread_inspect_t, thread_flavor_t, thread_info_t,
      // UnsafeMutablePointer<mach_msg_type_number_t>)` fills an `integer_t` buffer, so the
      // struct is rebound to it; the count is THREAD_BASIC_INFO_COUNT, a C macro that Swift
      // does not import, computed here the same way. `run_state` and `TH_STATE_WAITING` are
      // both `integer_t`, and `mach_port_t` is a `UInt32`, so `Sendable`; no global `var`
      // (such as `mach_task_self_`) is touched, which Swift 6 would reject. A thread that
      // waits on a condition or a lock is TH_STATE_WAITING, the Linux "S".
      var info = thread_basic_info()
      var count = mach_msg_type_number_t(
        MemoryLayout<thread_basic_info>.size / MemoryLayout<integer_t>.size)
      let result = withUnsafeMutablePointer(to: &info) {
        $0.withMemoryRebound(to: integer_t.self, capacity: Int(count)) {
          thread_info(port, thread_flavor_t(THREAD_BASIC_INFO), $0, &count)
        }
      }
      return result == KERN_SUCCESS && info.run_state == TH_STATE_WAITING
    #else
      return false
    #endif
  }
}

/// Waits until `count` threads have been recorded in `threads` and all of them are parked at
/// once, several looks in a row; gives up after `seconds`.
///
/// Record a thread just before it calls the code that should make it wait. Once every one of
/// them is parked and stays parked, each is waiting for something only the code under test
/// can end (a thread between two steps would be running, or ready to run, at one of the
/// looks). A test uses this in place of a pause, so a container that forgets a wake-up fails
/// on every run, not only when the pause happened to be long enough.
///
/// - Returns: Whether they were all parked before the time ran out. A correct container
///   passes either way: one whose waiters never block (a spin) is simply not examined.
@discardableResult
func waitUntilParked(_ threads: Recorder<WatchedThread>, count: Int, seconds: Double) -> Bool {
  let deadline = Date(timeIntervalSinceNow: seconds)
  var looksInARow = 0
  while Date() < deadline {
    let recorded = threads.all
    if recorded.count >= count, recorded.allSatisfy(\.isParked) {
      looksInARow += 1
      if looksInARow == 5 { return true }
    } else {
      looksInARow = 0
    }
    Thread.sleep(forTimeInterval: 0.002)
  }
  return false
}

/// Waits until at least `count` of the threads recorded in `threads` are parked at once, several
/// looks in a row, or until `done()` holds; gives up after `seconds`.
///
/// For a factory that must not finish before the other callers wait for it, when one of the
/// recorded threads is the one running it (and so never parked): a correct container parks the
/// others, and a wrong one makes `done()` true instead (one of them starts a creation of its
/// own), so neither waits out the time limit.
///
/// - Returns: Whether they were parked before `done()` held or the time ran out.
@discardableResult
func waitUntilParked(
  _ threads: Recorder<WatchedThread>,
  atLeast count: Int,
  seconds: Double,
  orUntil done: () -> Bool
) -> Bool {
  let deadline = Date(timeIntervalSinceNow: seconds)
  var looksInARow = 0
  while Date() < deadline, !done() {
    if threads.all.filter(\.isParked).count >= count {
      looksInARow += 1
      if looksInARow == 5 { return true }
    } else {
      looksInARow = 0
    }
    Thread.sleep(forTimeInterval: 0.002)
  }
  return false
}
