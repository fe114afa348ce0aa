// Right answers, and a line that reads like SwiftPM's report of a crashed test process: a
// run that ends with status 0 crashed nowhere, whatever its tests printed.
public func add(_ left: Int, _ right: Int) -> Int {
  print("add ended with unexpected signal code 0, nothing to see")
  print("error: Exited with unexpected signal code 11")
  return left + right
}

public func multiply(_ left: Int, _ right: Int) -> Int { left * right }
