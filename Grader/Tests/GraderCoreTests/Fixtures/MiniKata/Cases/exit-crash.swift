import Foundation

// Registers, on the first call of add(_:_:), an exit handler that reads past the end of an
// array: the test process crashes after its last test has ended. add and multiply are right.
let flushesAtExit: Bool = {
  atexit {
    let pending: [Int] = []
    print("flushing \(pending[0])")
  }
  return true
}()

public func add(_ left: Int, _ right: Int) -> Int {
  _ = flushesAtExit
  return left + right
}

public func multiply(_ left: Int, _ right: Int) -> Int { left * right }
