import Foundation

// Starts a child that lives on and keeps the test's output open, in add(_:_:); add is right,
// multiply is wrong. The odd duration lets the grader's test find the child.
public func add(_ left: Int, _ right: Int) -> Int {
  let child = Process()
  child.executableURL = URL(fileURLWithPath: "/bin/sleep")
  child.arguments = ["987654"]
  try? child.run()
  return left + right
}

public func multiply(_ left: Int, _ right: Int) -> Int { left + right }
