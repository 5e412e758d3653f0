import Foundation
import MapsnapKit

/// `/styles/{id}/wmts.xml`: OGC WMTS 1.0.0 capabilities for a style's tiles in the RESTful form
/// (a ResourceURL template) with the GoogleMapsCompatible tile matrix set (EPSG:3857, 256-px
/// tiles), which QGIS, ArcGIS and OpenLayers open.
enum WMTSCapabilities {
    static func document(_ style: ServedStyle, base: String, format: ImageEncoding.Format = .png) -> String {
        let b = style.bounds
        let id = xml(style.id)
        var matrices = ""
        // Scale denominator of level 0 for 256-px tiles at 0.28 mm per pixel.
        let scale0 = 559_082_264.028_717_2
        for z in 0...style.zooms.upperBound {
            let n = 1 << z
            matrices += """
                  <TileMatrix>
                    <ows:Identifier>\(z)</ows:Identifier>
                    <ScaleDenominator>\(scale0 / Double(n))</ScaleDenominator>
                    <TopLeftCorner>-20037508.3427892 20037508.3427892</TopLeftCorner>
                    <TileWidth>256</TileWidth>
                    <TileHeight>256</TileHeight>
                    <MatrixWidth>\(n)</MatrixWidth>
                    <MatrixHeight>\(n)</MatrixHeight>
                  </TileMatrix>

            """
        }
        return """
        <?xml version="1.0" encoding="UTF-8"?>
        <Capabilities xmlns="http://www.opengis.net/wmts/1.0" xmlns:ows="http://www.opengis.net/ows/1.1" xmlns:xlink="http://www.w3.org/1999/xlink" version="1.0.0">
          <ows:ServiceIdentification>
            <ows:Title>mapsnap</ows:Title>
            <ows:ServiceType>OGC WMTS</ows:ServiceType>
            <ows:ServiceTypeVersion>1.0.0</ows:ServiceTypeVersion>
          </ows:ServiceIdentification>
          <Contents>
            <Layer>
              <ows:Title>\(xml(style.name))</ows:Title>
              <ows:Identifier>\(id)</ows:Identifier>
              <ows:WGS84BoundingBox crs="urn:ogc:def:crs:OGC:2:84">
                <ows:LowerCorner>\(b.west) \(b.south)</ows:LowerCorner>
                <ows:UpperCorner>\(b.east) \(b.north)</ows:UpperCorner>
              </ows:WGS84BoundingBox>
              <Style isDefault="true"><ows:Identifier>default</ows:Identifier></Style>
              <Format>\(format.contentType)</Format>
              <TileMatrixSetLink><TileMatrixSet>GoogleMapsCompatible</TileMatrixSet></TileMatrixSetLink>
              <ResourceURL format="\(format.contentType)" resourceType="tile" template="\(xml(base))/styles/\(id)/{TileMatrix}/{TileCol}/{TileRow}.\(format.fileExtension)"/>
            </Layer>
            <TileMatrixSet>
              <ows:Identifier>GoogleMapsCompatible</ows:Identifier>
              <ows:SupportedCRS>urn:ogc:def:crs:EPSG::3857</ows:SupportedCRS>
              <WellKnownScaleSet>urn:ogc:def:wkss:OGC:1.0:GoogleMapsCompatible</WellKnownScaleSet>
        \(matrices)    </TileMatrixSet>
          </Contents>
        </Capabilities>

        """
    }

    static func xml(_ s: String) -> String { Markup.escape(s) }
}
