// Variant: multiply(_:_:) is off by one; Task 2 must catch it.
/// Adds two numbers.
public func add(_ left: Int, _ right: Int) -> Int { left + right }

/// Multiplies two numbers, wrongly.
public func multiply(_ left: Int, _ right: Int) -> Int { left * right + 1 }
