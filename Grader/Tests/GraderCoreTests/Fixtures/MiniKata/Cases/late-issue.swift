import Foundation
import Synchronization

// Records issues (through `problemRecorder`, which the tests set to Swift Testing's
// `Issue.record`) from work that add(_:_:) leaves running, as a test double's check reached by
// a "background refresh" would: one from a task that inherits its test (the issue names that
// test, which has ended by then) and one from a detached task (the issue names no test). The
// answers are right; multiply waits (5 s at most) until both issues are recorded, so that
// they arrive while the run goes on.
let started = Atomic<Bool>(false)
let recorded = Atomic<Int>(0)

public func add(_ left: Int, _ right: Int) -> Int {
  if !started.exchange(true, ordering: .sequentiallyConsistent) {
    Task {
      try? await Task.sleep(for: .milliseconds(100))
      problemRecorder(
        "recorded by a task that add(_:_:) left running", #fileID, #filePath, #line, #column)
      recorded.add(1, ordering: .sequentiallyConsistent)
    }
    Task.detached {
      try? await Task.sleep(for: .milliseconds(100))
      problemRecorder(
        "recorded by a detached task that add(_:_:) left running", #fileID, #filePath, #line,
        #column)
      recorded.add(1, ordering: .sequentiallyConsistent)
    }
  }
  return left + right
}

public func multiply(_ left: Int, _ right: Int) -> Int {
  for _ in 0..<500 where recorded.load(ordering: .sequentiallyConsistent) < 2 { usleep(10_000) }
  return left * right
}
