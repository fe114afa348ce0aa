/// Adds two numbers. (The starter gets it wrong on purpose.)
public func add(_ left: Int, _ right: Int) -> Int { left - right }

/// Multiplies two numbers. (The starter gets it wrong on purpose.)
public func multiply(_ left: Int, _ right: Int) -> Int { left + right }
