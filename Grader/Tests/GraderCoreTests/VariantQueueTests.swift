import Foundation
import Synchronization
import Testing

@testable import GraderCore
@testable import GraderMaintenance

/// How `--verify` shares variants among its workers: each keeps to a lesson it has built, every
/// variant is checked exactly once, and a failure stops the handing out.
@Suite struct VariantQueueTests {
  /// Lessons numbered from 1, each with `counts[i]` variants named `L<n>-<k>`.
  private static func queue(_ counts: [Int], joinAtLeast: Int = 8) -> VariantQueue {
    VariantQueue(
      counts.enumerated().map { index, count in
        let lesson = Lesson(
          module: "Lesson0\(index + 1)X", number: index + 1, title: "", textPath: nil)
        let variants = (0..<count).map { k in
          Variant(name: "L\(index + 1)-\(k)", url: URL(fileURLWithPath: "/v/L\(index + 1)-\(k)"))
        }
        return (lesson, variants)
      }, joinAtLeast: joinAtLeast)
  }

  @Test("Workers begin on the lessons with the most variants, one lesson each")
  func largestFirst() throws {
    let queue = Self.queue([3, 9, 5])
    let first = try #require(queue.next(after: nil))
    let second = try #require(queue.next(after: nil))
    #expect(first.lesson.number == 2, "the lesson with the most variants goes first")
    #expect(second.lesson.number == 3, "a second worker takes a lesson nobody is on")
    #expect(queue.next(after: nil)?.lesson.number == 1)
  }

  @Test("A worker keeps to its lesson in order while it has variants left")
  func keepsToItsLesson() throws {
    let queue = Self.queue([4, 2])
    var job = try #require(queue.next(after: nil))
    var names = [job.variant.name]
    while let next = queue.next(after: job), next.lesson == job.lesson {
      names.append(next.variant.name)
      job = next
    }
    #expect(names == ["L1-0", "L1-1", "L1-2", "L1-3"])
  }

  @Test(
    "A worker with nothing of its own joins a begun lesson only when enough is left",
    arguments: [(left: 7, joins: false), (left: 8, joins: true)])
  func joinsOnlyWhenWorthIt(left: Int, joins: Bool) throws {
    let queue = Self.queue([left + 1, 1])
    let big = try #require(queue.next(after: nil))  // a worker begins the big lesson
    let small = try #require(queue.next(after: nil))
    #expect(small.lesson.number == 2)
    let after = queue.next(after: small)
    #expect((after != nil) == joins, "\(left) variants left in a lesson another worker is on")
    if let after { #expect(after.lesson == big.lesson && after.variant.name == "L1-1") }
  }

  @Test("stop() ends every worker after the job it has")
  func stopEndsWorkers() throws {
    let queue = Self.queue([5, 5])
    let job = try #require(queue.next(after: nil))
    queue.stop()
    #expect(queue.next(after: job) == nil)
    #expect(queue.next(after: nil) == nil)
  }

  @Test("Two workers check every variant exactly once, at the same time", arguments: [1, 8])
  func everyVariantOnce(joinAtLeast: Int) throws {
    let queue = Self.queue([6, 3, 1], joinAtLeast: joinAtLeast)
    let seen = Mutex<[String: Int]>([:])
    let workersSeen = Mutex<Set<Int>>([])
    let running = Mutex((now: 0, most: 0, arrived: 0))
    try VariantQueue.run(queue, workers: 2) { worker, job in
      let first = running.withLock { state in
        state.now += 1
        state.most = max(state.most, state.now)
        state.arrived += 1
        return state.arrived <= 2
      }
      // Each worker's first job waits (10 s at most) for the other's to begin.
      let deadline = Date().addingTimeInterval(10)
      while first, running.withLock({ $0.arrived < 2 }), Date() < deadline {
        Thread.sleep(forTimeInterval: 0.01)
      }
      workersSeen.withLock { _ = $0.insert(worker) }
      seen.withLock { $0[job.variant.name, default: 0] += 1 }
      running.withLock { $0.now -= 1 }
    }
    #expect(running.withLock { $0.most } == 2, "two checks ran at the same time")
    let counts = seen.withLock { $0 }
    #expect(counts.count == 10, "every variant was checked: \(counts.keys.sorted())")
    #expect(counts.values.allSatisfy { $0 == 1 }, "none twice: \(counts)")
    #expect(workersSeen.withLock { $0 } == [1, 2], "both workers took part")
  }

  @Test("A check that throws stops the handing out, and run() throws it")
  func failureStops() throws {
    let queue = Self.queue([20])
    let checked = Mutex(0)
    #expect(throws: GraderError.interrupted) {
      try VariantQueue.run(queue, workers: 1) { _, _ throws(GraderError) in
        checked.withLock { $0 += 1 }
        throw .interrupted
      }
    }
    #expect(checked.withLock { $0 } == 1, "nothing is handed out after the failure")
  }
}
