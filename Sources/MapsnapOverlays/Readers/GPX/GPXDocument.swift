/// What a GPX file holds, in file order: tracks (each a list of segments of fixes), routes and
/// waypoints. Names are the `<name>` of each `trk` and `rte`, index for index.
public struct GPXDocument: Sendable, Equatable {
    /// track → segment → fixes.
    public var tracks: [[[Fix]]]
    public var routes: [[Fix]]
    /// `wpt` elements as markers: the waypoint's `<name>` is the marker's title.
    public var waypoints: [Marker]
    public var trackNames: [String?]
    public var routeNames: [String?]

    public init(tracks: [[[Fix]]] = [], routes: [[Fix]] = [], waypoints: [Marker] = [],
                trackNames: [String?] = [], routeNames: [String?] = []) {
        self.tracks = tracks
        self.routes = routes
        self.waypoints = waypoints
        self.trackNames = trackNames
        self.routeNames = routeNames
    }
}
