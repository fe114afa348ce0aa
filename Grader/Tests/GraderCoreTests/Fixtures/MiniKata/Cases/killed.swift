import Foundation

// Prints, then is killed by SIGKILL in add(_:_:), as the out-of-memory killer would do;
// multiply is right.
public func add(_ left: Int, _ right: Int) -> Int {
  print("add(\(left), \(right)) allocates too much")
  kill(getpid(), SIGKILL)
  return left + right
}

public func multiply(_ left: Int, _ right: Int) -> Int { left * right }
