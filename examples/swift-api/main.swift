import MapsnapKit

// The built-in light style over the embedded data (Monaco, Helsinki, Andorra).
let snapshotter = try Snapshotter(StyleSelection())

var request = MapRequest()
request.center = LatLon(43.7360, 7.4260)
request.meters = 800
request.size = ImageSize(width: 600, height: 400)
request.pixelRatio = 2
request.overlays.markers = [Marker(coordinate: LatLon(43.7371, 7.4271), title: "Check-in")]
request.overlays.circles = [GeoCircle(center: LatLon(43.7368, 7.4252), radiusMeters: 150)]

let snapshot = try snapshotter.snapshot(request)
try snapshot.write(to: "output/swift-api.png")

// Where the marker's tip landed, in points from the top-left corner (as MKMapSnapshotter's
// `point(for:)`), and back.
let tip = snapshot.point(for: LatLon(43.7371, 7.4271))
print("marker at \(Int(tip.x)),\(Int(tip.y)) of \(request.size); under it: \(snapshot.coordinate(at: tip))")
