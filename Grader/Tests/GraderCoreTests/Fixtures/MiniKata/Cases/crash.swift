// Prints a line, then crashes in add(_:_:) with an index out of range; multiply is right.
public func add(_ left: Int, _ right: Int) -> Int {
  let values = [left, right]
  print("add(\(left), \(right)) reads index \(left)")
  return values[left]
}

public func multiply(_ left: Int, _ right: Int) -> Int { left * right }
