import Foundation
import Synchronization

// Starts, on the first call of add(_:_:), a detached task that reads past the end of an array
// 100 ms later. add and multiply are right, but multiply waits (20 s at most) for that task to
// run, so the crash comes while the test of multiply runs, in work that the first test of add
// left running, however long a loaded machine takes to schedule it.
let refreshStarted = Atomic<Bool>(false)

public func add(_ left: Int, _ right: Int) -> Int {
  if !refreshStarted.exchange(true, ordering: .sequentiallyConsistent) {
    Task.detached {
      try? await Task.sleep(for: .milliseconds(100))
      let cache: [Int] = []
      print("refreshing \(cache[0])")
    }
  }
  return left + right
}

public func multiply(_ left: Int, _ right: Int) -> Int {
  for _ in 0..<2_000 { usleep(10_000) }
  return left * right
}
