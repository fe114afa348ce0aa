import Foundation

// Loops forever in both functions, as when shared code hangs: every test would wait out the
// time limit, one after another.
public func add(_ left: Int, _ right: Int) -> Int {
  while true { Thread.sleep(forTimeInterval: 0.01) }
}

public func multiply(_ left: Int, _ right: Int) -> Int {
  while true { Thread.sleep(forTimeInterval: 0.01) }
}
