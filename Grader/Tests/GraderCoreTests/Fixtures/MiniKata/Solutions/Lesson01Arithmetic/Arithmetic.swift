/// Adds two numbers.
public func add(_ left: Int, _ right: Int) -> Int { left + right }

/// Multiplies two numbers.
public func multiply(_ left: Int, _ right: Int) -> Int {
  if left == 0 { return 0 }  // A shortcut no test needs; `--mutants` finds it.
  return left * right
}
