/// Linux input event types and codes this module reads, as typed constants
/// (values from `linux/input-event-codes.h`).
public struct EventType: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    public static let syn = EventType(rawValue: 0x00)
    public static let key = EventType(rawValue: 0x01)
    public static let abs = EventType(rawValue: 0x03)

    public var description: String {
        switch self {
        case .syn: "EV_SYN"
        case .key: "EV_KEY"
        case .abs: "EV_ABS"
        default: "EV_\(rawValue)"
        }
    }
}

/// Event codes, interpreted with their ``EventType``.
public struct EventCode: RawRepresentable, Hashable, Sendable {
    public var rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    // EV_SYN
    public static let synReport = EventCode(rawValue: 0)
    public static let synMTReport = EventCode(rawValue: 2)
    public static let synDropped = EventCode(rawValue: 3)
    // EV_KEY
    public static let btnTouch = EventCode(rawValue: 0x14a)
    // EV_ABS
    public static let absX = EventCode(rawValue: 0x00)
    public static let absY = EventCode(rawValue: 0x01)
    public static let absPressure = EventCode(rawValue: 0x18)
    public static let mtSlot = EventCode(rawValue: 0x2f)
    public static let mtTouchMajor = EventCode(rawValue: 0x30)
    public static let mtTouchMinor = EventCode(rawValue: 0x31)
    public static let mtPositionX = EventCode(rawValue: 0x35)
    public static let mtPositionY = EventCode(rawValue: 0x36)
    public static let mtTrackingID = EventCode(rawValue: 0x39)
    public static let mtPressure = EventCode(rawValue: 0x3a)
}

/// Input properties (`INPUT_PROP_*`).
public enum InputProperty: Int, Sendable {
    case pointer = 0
    case direct = 1
}

/// One kernel input event (`struct input_event`), with its time in seconds.
public struct InputEvent: Hashable, Sendable {
    public var time: Double
    public var type: EventType
    public var code: EventCode
    public var value: Int32

    public init(time: Double, type: EventType, code: EventCode, value: Int32) {
        self.time = time
        self.type = type
        self.code = code
        self.value = value
    }
}

/// The range of an absolute axis (`struct input_absinfo`).
public struct AxisInfo: Hashable, Sendable {
    public var minimum: Int32
    public var maximum: Int32
    public var fuzz: Int32 = 0
    public var flat: Int32 = 0
    /// Units per millimeter; 0 when the device does not say.
    public var resolution: Int32 = 0
    /// The axis's value when the description was taken, if known.
    public var value: Int32?

    public init(minimum: Int32, maximum: Int32, fuzz: Int32 = 0, flat: Int32 = 0, resolution: Int32 = 0, value: Int32? = nil) {
        self.minimum = minimum
        self.maximum = maximum
        self.fuzz = fuzz
        self.flat = flat
        self.resolution = resolution
        self.value = value
    }
}
