/// What a touch device says about itself: name, ids, properties, supported codes and axes.
/// Read from an evemu description, or (later) from a live device through libevdev.
public struct DeviceDescription: Hashable, Sendable {
    /// The device's name, as the kernel reports it.
    public var name: String
    /// Bus, vendor, product, version.
    public var ids: (bus: UInt16, vendor: UInt16, product: UInt16, version: UInt16) {
        get { (idValues[0], idValues[1], idValues[2], idValues[3]) }
        set { idValues = [newValue.bus, newValue.vendor, newValue.product, newValue.version] }
    }
    private var idValues: [UInt16] = [0, 0, 0, 0]
    /// Input property bits (`INPUT_PROP_*`).
    public var properties: Set<Int> = []
    /// Supported codes per event type.
    public var codes: [UInt16: Set<UInt16>] = [:]
    /// Absolute axes by code.
    public var axes: [UInt16: AxisInfo] = [:]

    /// A description with this name and no capabilities yet.
    public init(name: String) { self.name = name }

    /// Whether the device reports `code` of `type`.
    public func supports(_ type: EventType, _ code: EventCode) -> Bool {
        codes[type.rawValue]?.contains(code.rawValue) == true || (type == .abs && axes[code.rawValue] != nil)
    }

    /// The absolute axis `code`, if the device has it.
    public func axis(_ code: EventCode) -> AxisInfo? { axes[code.rawValue] }

    /// How the device reports contacts.
    public enum TouchProtocol: String, Sendable {
        /// Multitouch protocol B: slots and tracking ids.
        case multitouchB
        /// Multitouch protocol A: anonymous contacts separated by `SYN_MT_REPORT`.
        case multitouchA
        /// One contact: `ABS_X`/`ABS_Y` and `BTN_TOUCH`.
        case singleTouch
    }

    /// How the device reports touches (multitouch protocol A or B, or single touch), if it does.
    public var touchProtocol: TouchProtocol? {
        if axis(.mtSlot) != nil, axis(.mtPositionX) != nil { return .multitouchB }
        if axis(.mtPositionX) != nil, axis(.mtPositionY) != nil { return .multitouchA }
        if axis(.absX) != nil, axis(.absY) != nil { return .singleTouch }
        return nil
    }

    /// Slots of a protocol-B device (`ABS_MT_SLOT` maximum + 1).
    public var slotCount: Int {
        guard let s = axis(.mtSlot) else { return touchProtocol == .singleTouch ? 1 : 0 }
        return Int(s.maximum) + 1
    }

    /// The axes positions are read from: the MT axes when present, else `ABS_X`/`ABS_Y`.
    public var positionAxes: (x: AxisInfo, y: AxisInfo)? {
        if let x = axis(.mtPositionX), let y = axis(.mtPositionY) { return (x, y) }
        if let x = axis(.absX), let y = axis(.absY) { return (x, y) }
        return nil
    }

    /// True for a touchscreen (`INPUT_PROP_DIRECT`), false for a touchpad.
    public var isDirect: Bool { properties.contains(InputProperty.direct.rawValue) }

    /// Whether two descriptions say the same (name, capabilities, axes).
    public static func == (a: DeviceDescription, b: DeviceDescription) -> Bool {
        a.name == b.name && a.idValues == b.idValues && a.properties == b.properties && a.codes == b.codes && a.axes == b.axes
    }

    /// Hashes what `==` compares.
    public func hash(into h: inout Hasher) {
        h.combine(name)
        h.combine(idValues)
    }
}
