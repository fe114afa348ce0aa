/// Adds two numbers.
public func add(_ left: Int, _ right: Int) -> Int { left + right }

/// Multiplies two numbers.
public func multiply(_ left: Int, _ right: Int) -> Int { left * right }
