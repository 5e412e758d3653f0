@_exported import MapsnapGeo
@_exported import MapsnapRender
@_exported import MapsnapStyle
@_exported import MapsnapTiles
@_exported import MapsnapOverlays
