// Cancels the task it runs in from add(_:_:), as code that gives up on "unwanted" work might:
// the test's next suspension point throws `CancellationError`; multiply is right.
public func add(_ left: Int, _ right: Int) -> Int {
  withUnsafeCurrentTask { $0?.cancel() }
  return left - right
}

public func multiply(_ left: Int, _ right: Int) -> Int { left * right }
