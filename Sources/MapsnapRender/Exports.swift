@_exported import MapsnapGeo
