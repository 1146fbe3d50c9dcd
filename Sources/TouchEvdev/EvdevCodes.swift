/// Linux input event types and codes this module reads, as typed constants
/// (values from `linux/input-event-codes.h`).
public struct EventType: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The kernel's number for it.
    public var rawValue: UInt16
    /// The one with the kernel's number `rawValue`.
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// The kernel's `EV_SYN` (0x00).
    public static let syn = EventType(rawValue: 0x00)
    /// The kernel's `EV_KEY` (0x01).
    public static let key = EventType(rawValue: 0x01)
    /// The kernel's `EV_ABS` (0x03).
    public static let abs = EventType(rawValue: 0x03)

    /// The value in a few words, for logs and `print`.
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
    /// The kernel's number for it.
    public var rawValue: UInt16
    /// The one with the kernel's number `rawValue`.
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    // EV_SYN
    /// The kernel's `SYN_REPORT` (0).
    public static let synReport = EventCode(rawValue: 0)
    /// The kernel's `SYN_MT_REPORT` (2).
    public static let synMTReport = EventCode(rawValue: 2)
    /// The kernel's `SYN_DROPPED` (3).
    public static let synDropped = EventCode(rawValue: 3)
    // EV_KEY
    /// The kernel's `BTN_TOUCH` (0x14a).
    public static let btnTouch = EventCode(rawValue: 0x14a)
    // EV_ABS
    /// The kernel's `ABS_X` (0x00).
    public static let absX = EventCode(rawValue: 0x00)
    /// The kernel's `ABS_Y` (0x01).
    public static let absY = EventCode(rawValue: 0x01)
    /// The kernel's `ABS_PRESSURE` (0x18).
    public static let absPressure = EventCode(rawValue: 0x18)
    /// The kernel's `ABS_MT_SLOT` (0x2f).
    public static let mtSlot = EventCode(rawValue: 0x2f)
    /// The kernel's `ABS_MT_TOUCH_MAJOR` (0x30).
    public static let mtTouchMajor = EventCode(rawValue: 0x30)
    /// The kernel's `ABS_MT_TOUCH_MINOR` (0x31).
    public static let mtTouchMinor = EventCode(rawValue: 0x31)
    /// The kernel's `ABS_MT_POSITION_X` (0x35).
    public static let mtPositionX = EventCode(rawValue: 0x35)
    /// The kernel's `ABS_MT_POSITION_Y` (0x36).
    public static let mtPositionY = EventCode(rawValue: 0x36)
    /// The kernel's `ABS_MT_TRACKING_ID` (0x39).
    public static let mtTrackingID = EventCode(rawValue: 0x39)
    /// The kernel's `ABS_MT_PRESSURE` (0x3a).
    public static let mtPressure = EventCode(rawValue: 0x3a)
}

/// Input properties (`INPUT_PROP_*`).
public enum InputProperty: Int, Sendable {
    case pointer = 0
    case direct = 1
}

/// One kernel input event (`struct input_event`), with its time in seconds.
public struct InputEvent: Hashable, Sendable {
    /// When, in seconds (the kernel's timestamp).
    public var time: Double
    /// The event type (`EV_ABS`, …).
    public var type: EventType
    /// The event code (`ABS_MT_POSITION_X`, …).
    public var code: EventCode
    /// The value the kernel sent.
    public var value: Int32

    /// An input event as the kernel sends it.
    public init(time: Double, type: EventType, code: EventCode, value: Int32) {
        self.time = time
        self.type = type
        self.code = code
        self.value = value
    }
}

/// The range of an absolute axis (`struct input_absinfo`).
public struct AxisInfo: Hashable, Sendable {
    /// The axis's smallest value.
    public var minimum: Int32
    /// The axis's largest value.
    public var maximum: Int32
    /// The kernel's noise filter for the axis.
    public var fuzz: Int32 = 0
    /// The axis's dead zone.
    public var flat: Int32 = 0
    /// Units per millimeter; 0 when the device does not say.
    public var resolution: Int32 = 0
    /// The axis's value when the description was taken, if known.
    public var value: Int32?

    /// An axis with this range, filter, dead zone, resolution (units per mm) and current value.
    public init(minimum: Int32, maximum: Int32, fuzz: Int32 = 0, flat: Int32 = 0, resolution: Int32 = 0, value: Int32? = nil) {
        self.minimum = minimum
        self.maximum = maximum
        self.fuzz = fuzz
        self.flat = flat
        self.resolution = resolution
        self.value = value
    }
}
