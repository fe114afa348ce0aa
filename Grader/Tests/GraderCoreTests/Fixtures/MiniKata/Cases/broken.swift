// Does not compile: a String is returned where an Int is declared.
public func add(_ left: Int, _ right: Int) -> Int { "\(left + right)" }

public func multiply(_ left: Int, _ right: Int) -> Int { left * right }
