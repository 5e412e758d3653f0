import MapsnapFormats
import MapsnapGeo
import MapsnapOverlays
import MapsnapRender
import MapsnapStyle
import MapsnapTiles

// The value types a caller of MapsnapKit names, from the modules below it. MapsnapKit does not
// re-export those modules (`@_exported`); it names these on purpose, so that `import MapsnapKit`
// is all an app embedding mapsnap needs, and the rest of the pipeline stays internal to it.

// Geography and the camera.
public typealias LatLon = MapsnapGeo.LatLon
public typealias BoundingBox = MapsnapGeo.BoundingBox
public typealias ImageSize = MapsnapGeo.ImageSize
public typealias Point = MapsnapGeo.Point
public typealias Camera = MapsnapGeo.Camera
/// Raster tiles: an XYZ address, the metatile that renders it, the projection behind both.
public typealias TileID = MapsnapGeo.TileID
public typealias Metatile = MapsnapGeo.Metatile
public typealias WebMercator = MapsnapGeo.WebMercator

// What is drawn over the map.
public typealias Overlay = MapsnapOverlays.Overlay
public typealias Marker = MapsnapOverlays.Marker
public typealias MarkerSize = MapsnapOverlays.MarkerSize
public typealias MarkerIcon = MapsnapOverlays.MarkerIcon
/// MapLibre's anchor words, for icon markers.
public typealias IconAnchor = MapsnapStyle.TextAnchor
public typealias UserLocation = MapsnapOverlays.UserLocation
public typealias GeoCircle = MapsnapOverlays.GeoCircle
public typealias Track = MapsnapOverlays.Track
public typealias PolygonOverlay = MapsnapOverlays.PolygonOverlay
public typealias FixFilter = MapsnapOverlays.FixFilter
public typealias Color = MapsnapFormats.Color

// Images and what rendering reports.
public typealias RasterImage = MapsnapRender.RasterImage
public typealias PNGCompression = MapsnapRender.PNGCompression
/// PDF and SVG documents: maps with vector lines, fills and text.
public typealias VectorFormat = MapsnapRender.VectorFormat
public typealias VectorDocument = MapsnapRender.VectorDocument
public typealias ScaleBarUnits = MapsnapRender.ScaleBarUnits
public typealias RenderError = MapsnapRender.RenderError
/// What a render, snapshot, pyramid or lookup met and went on without: the one warning channel.
public typealias WarningLog = MapsnapFormats.WarningLog
/// The content key of an encoded image (MBTiles deduplication, the server's `ETag`).
public typealias TileHash = MapsnapTiles.TileHash
