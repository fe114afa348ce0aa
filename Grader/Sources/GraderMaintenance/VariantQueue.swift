import Foundation
import GraderCore
import Synchronization

/// Hands the variants of several lessons to `--verify`'s workers, one at a time.
///
/// A worker keeps to one lesson while that lesson has variants left: in the worker's own copy
/// of the lesson (see ``ScratchCopy``) each variant rebuilds only what it changed, where a
/// lesson new to the worker costs a cold build of the lesson and its tests. So a worker that
/// runs out takes the lesson with the most variants left that no worker has begun; when every
/// lesson is begun, it joins the one with the most left, but only when at least
/// ``joinAtLeast`` are left, enough to pay for that cold build.
final class VariantQueue: Sendable {
  /// One variant to check, and its lesson's place in the queue.
  struct Job: Sendable, Equatable {
    var lessonIndex: Int
    var lesson: Lesson
    var variant: Variant
  }

  private struct State {
    var lessons: [Lesson]
    /// Each lesson's variants not handed out yet, first one first.
    var left: [[Variant]]
    /// How many workers are on each lesson.
    var workers: [Int]
    var stopped = false
  }

  private let state: Mutex<State>
  /// The fewest variants left in a lesson that another worker is on for a worker to join it.
  let joinAtLeast: Int

  /// A queue of each lesson's variants, in the order given.
  ///
  /// - Parameters:
  ///   - lessons: The lessons and their variants.
  ///   - joinAtLeast: See ``joinAtLeast``; at least 1.
  init(_ lessons: [(lesson: Lesson, variants: [Variant])], joinAtLeast: Int = 8) {
    state = Mutex(
      State(
        lessons: lessons.map(\.lesson), left: lessons.map(\.variants),
        workers: Array(repeating: 0, count: lessons.count)))
    self.joinAtLeast = max(1, joinAtLeast)
  }

  /// The next variant for a worker whose last job was `previous` (`nil` for its first), or
  /// `nil` when the worker is done: nothing left that is worth its while, or ``stop()``.
  func next(after previous: Job?) -> Job? {
    state.withLock { state in
      if let current = previous?.lessonIndex, !state.stopped, !state.left[current].isEmpty {
        return Self.take(from: current, in: &state)
      }
      if let current = previous?.lessonIndex { state.workers[current] -= 1 }
      guard !state.stopped else { return nil }
      let left = state.left.map(\.count)
      let open = left.indices.filter { left[$0] > 0 }
      // The most variants left; on a tie, the lesson that comes first.
      let mostLeft = { (candidates: [Int]) in candidates.max { (left[$0], $1) < (left[$1], $0) } }
      let choice =
        mostLeft(open.filter { state.workers[$0] == 0 })
        ?? mostLeft(open.filter { left[$0] >= joinAtLeast })
      guard let choice else { return nil }
      state.workers[choice] += 1
      return Self.take(from: choice, in: &state)
    }
  }

  /// Hands out nothing more (a worker failed, or Ctrl-C): each worker ends after its job.
  func stop() {
    state.withLock { $0.stopped = true }
  }

  private static func take(from index: Int, in state: inout State) -> Job {
    Job(lessonIndex: index, lesson: state.lessons[index], variant: state.left[index].removeFirst())
  }

  /// Runs `check` on every job of `queue` from `workers` threads (on this one when `workers`
  /// is 1), each passing its number (from 1) with the job, and returns when all are done.
  ///
  /// The threads are plain `Thread`s, not the concurrency pool: each blocks for seconds on a
  /// build or a test run.
  ///
  /// - Throws: The first error a check throws; the queue then hands out nothing more, and the
  ///   other workers finish the job they have.
  static func run(
    _ queue: VariantQueue, workers: Int,
    check: @escaping @Sendable (_ worker: Int, _ job: Job) throws(GraderError) -> Void
  ) throws(GraderError) {
    let failure = Mutex<GraderError?>(nil)
    let work = { @Sendable (worker: Int) in
      var job: Job?
      while let next = queue.next(after: job) {
        job = next
        do throws(GraderError) {
          try check(worker, next)
        } catch {
          failure.withLock { $0 = $0 ?? error }
          queue.stop()
        }
      }
    }
    if workers <= 1 {
      work(1)
    } else {
      let finished = DispatchGroup()
      for worker in 1...workers {
        finished.enter()
        let thread = Thread {
          work(worker)
          finished.leave()
        }
        thread.name = "verify worker \(worker)"
        thread.start()
      }
      finished.wait()
    }
    if let error = failure.withLock({ $0 }) { throw error }
  }
}
