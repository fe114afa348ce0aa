import Foundation

// Loops forever in add(_:_:) when its right operand is not zero, after saying so (as a
// learner's print that looks for the hang would); multiply is right.
public func add(_ left: Int, _ right: Int) -> Int {
  if right != 0 { print("adding \(right), about to loop") }
  while right != 0 { Thread.sleep(forTimeInterval: 0.01) }
  return left
}

public func multiply(_ left: Int, _ right: Int) -> Int { left * right }
