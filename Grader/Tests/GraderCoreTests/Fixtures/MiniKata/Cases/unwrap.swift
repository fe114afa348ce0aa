// Force-unwraps nil in add(_:_:), a crash whose line the runtime itself names on every
// platform; multiply is right.
public func add(_ left: Int, _ right: Int) -> Int {
  let missing: Int? = left > 100 ? left : nil
  return missing! + right
}

public func multiply(_ left: Int, _ right: Int) -> Int { left * right }
