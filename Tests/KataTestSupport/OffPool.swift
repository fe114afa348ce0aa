import Foundation
import Synchronization

/// What became of work that ran off the test's thread under a time limit.
public enum Bounded<Value: Sendable>: Sendable {
  /// The work returned or threw within the limit.
  case finished(Result<Value, any Error>)
  /// The limit passed first; the work may still be running (deadlocked, looping).
  case timedOut

  /// The value if the work returned in time, otherwise `nil`.
  public var value: Value? {
    if case .finished(.success(let value)) = self { return value }
    return nil
  }

  /// Whether the work returned or threw within the limit.
  public var didFinish: Bool {
    if case .finished = self { return true }
    return false
  }
}

/// Runs blocking work on a thread of its own and waits for it at most `timeLimit`.
///
/// Code that can deadlock or loop forever (a lock held across a nested call, a cycle)
/// must never run on Swift's concurrency pool: the pool has one thread per core, so one
/// stuck pool thread stalls every other test. This runs `work` on a new `Thread` and
/// suspends, without blocking, until the work ends or the limit passes. A deadlocked
/// attempt then fails one test instead of freezing the whole run; its thread is
/// abandoned and ends with the test process.
///
/// ```swift
/// let outcome = await runOffPool { try container.resolve(ReportService.self) }
/// #expect(outcome.didFinish, "resolve(_:) never returned: is a lock held while the factory runs?")
/// ```
///
/// - Parameters:
///   - timeLimit: How long to wait before giving up. Generous on purpose: a correct
///     solution finishes in milliseconds, so only a stuck one ever reaches it.
///   - work: The blocking work.
/// - Returns: `.finished` with the work's result, or `.timedOut`.
public func runOffPool<Value: Sendable>(
  timeLimit: Duration = .seconds(5),
  _ work: @escaping @Sendable () throws -> Value
) async -> Bounded<Value> {
  let once = ResumeOnce<Bounded<Value>>()
  return await withCheckedContinuation { continuation in
    once.arm(continuation)
    let thread = Thread {
      once.resume(with: .finished(Result { try work() }))
    }
    thread.stackSize = 8 << 20
    thread.start()
    Task {
      try? await Task.sleep(for: timeLimit)
      once.resume(with: .timedOut)
    }
  }
}

/// Runs `body` on `count` threads of their own, released together from a barrier, and
/// waits for all of them at most `timeLimit`.
///
/// Every thread is started and parked before any runs `body`, so all of them reach the
/// code under test at the same moment. Combined with a factory that takes a little
/// while, this makes a race in a lazy initialiser or a singleton show up on every run,
/// on two cores as on twelve, instead of once in a while.
///
/// - Parameters:
///   - count: How many threads call `body`.
///   - timeLimit: How long to wait for all of them.
///   - body: The work; it receives the thread's index, `0..<count`.
/// - Returns: Whether every thread finished within the limit.
@discardableResult
public func runConcurrently(
  _ count: Int,
  timeLimit: Duration = .seconds(10),
  _ body: @escaping @Sendable (Int) -> Void
) async -> Bool {
  let outcome = await runOffPool(timeLimit: timeLimit) {
    let barrier = StartingLine(count: count)
    let group = DispatchGroup()
    for index in 0..<count {
      group.enter()
      let thread = Thread {
        barrier.arriveAndWait()
        body(index)
        group.leave()
      }
      thread.stackSize = 1 << 20
      thread.start()
    }
    group.wait()
  }
  return outcome.didFinish
}

/// A one-shot barrier: threads that arrive wait until `count` of them have arrived.
final class StartingLine: Sendable {
  private let count: Int
  private let arrived = Mutex(0)
  private let condition = NSCondition()

  init(count: Int) { self.count = count }

  func arriveAndWait() {
    condition.lock()
    defer { condition.unlock() }
    let now = arrived.withLock { value in
      value += 1
      return value
    }
    if now >= count {
      condition.broadcast()
      return
    }
    while arrived.withLock({ $0 }) < count { condition.wait() }
  }
}

/// Resumes a continuation exactly once, whichever of several racing sources comes first.
final class ResumeOnce<Value: Sendable>: Sendable {
  private struct State {
    var continuation: CheckedContinuation<Value, Never>?
    var early: Value?
  }
  private let state = Mutex(State())

  func arm(_ continuation: CheckedContinuation<Value, Never>) {
    let early: Value? = state.withLock { state in
      if let early = state.early { return early }
      state.continuation = continuation
      return nil
    }
    if let early { continuation.resume(returning: early) }
  }

  func resume(with value: Value) {
    let continuation: CheckedContinuation<Value, Never>? = state.withLock { state in
      if let continuation = state.continuation {
        state.continuation = nil
        state.early = value  // marks it done for any later caller
        return continuation
      }
      if state.early == nil { state.early = value }
      return nil
    }
    continuation?.resume(returning: value)
  }
}
