import Foundation

// Loops forever in add(_:_:) when its right operand is not zero; multiply is right.
public func add(_ left: Int, _ right: Int) -> Int {
  while right != 0 { Thread.sleep(forTimeInterval: 0.01) }
  return left
}

public func multiply(_ left: Int, _ right: Int) -> Int { left * right }
