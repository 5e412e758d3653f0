extension TextAnchor {
    /// The anchor as a fraction of a box's width and height from its top-left corner.
    public var unitPoint: (x: Double, y: Double) {
        switch self {
        case .center: (0.5, 0.5)
        case .left: (0, 0.5)
        case .right: (1, 0.5)
        case .top: (0.5, 0)
        case .bottom: (0.5, 1)
        case .topLeft: (0, 0)
        case .topRight: (1, 0)
        case .bottomLeft: (0, 1)
        case .bottomRight: (1, 1)
        }
    }
}
