import Foundation

// Registers an exit handler that never returns, in add(_:_:); add is right, multiply is wrong.
public func add(_ left: Int, _ right: Int) -> Int {
  atexit { while true { sleep(1) } }
  return left + right
}

public func multiply(_ left: Int, _ right: Int) -> Int { left + right }
