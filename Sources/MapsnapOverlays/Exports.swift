@_exported import MapsnapGeo
@_exported import MapsnapStyle
