/// How many times an animation plays, from the NETSCAPE2.0 application extension.
public enum LoopCount: Sendable, Hashable, CustomStringConvertible {
    /// Extension value 0: loop forever.
    case forever
    /// The total number of plays: 1 when the extension is absent, N + 1 for a value N.
    case plays(Int)

    /// Interprets the extension's 16-bit value, or its absence.
    public init(netscapeValue: UInt16?) {
        switch netscapeValue {
        case nil: self = .plays(1)
        case 0?: self = .forever
        case let n?: self = .plays(Int(n) + 1)
        }
    }

    public var description: String {
        switch self {
        case .forever: "forever"
        case .plays(let n): n == 1 ? "1 play" : "\(n) plays"
        }
    }
}
