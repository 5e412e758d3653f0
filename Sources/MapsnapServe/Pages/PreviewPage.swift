import Foundation
import MapsnapFormats
import MapsnapKit

/// `/`: the preview page. It lists the styles, shows each as a Leaflet slippy map of this
/// server's raster tiles (Leaflet from Debian's libjs-leaflet, served under `/leaflet/`), and has
/// a form that builds a `/static` URL and shows the image (or the server's message). Every link
/// is relative, so the page works offline and behind a proxy under a path prefix; it needs nothing
/// from the internet.
enum PreviewPage {
    static func html(_ styles: [ServedStyle], leaflet: Bool, format: ImageEncoding.Format = .png) -> String {
        let config = JSONValue.array(styles.map { s in
            .object(JSONObject([
                ("id", .string(s.id)), ("name", .string(s.name)),
                ("center", .array([.number(s.center.latitude), .number(s.center.longitude)])),
                ("zoom", .number(s.centerZoom)),
                ("minzoom", .number(Double(s.zooms.lowerBound))), ("maxzoom", .number(Double(s.zooms.upperBound))),
                ("regions", .array(s.regions.map { .array([$0.south, $0.west, $0.north, $0.east].map { .number($0) }) })),
                ("attribution", .string(s.attribution ?? "")),
            ]))
        }).compactText
        // `</` cannot end the script early: the JSON is inside a <script> element.
        let embedded = config.replacingOccurrences(of: "</", with: "<\\/")
        let first = styles.first
        let options = styles.map { "<option value=\"\(Markup.escape($0.id))\">\(Markup.escape($0.name))</option>" }.joined()
        let list = styles.map { s in
            "<li><b>\(Markup.escape(s.name))</b> <code>\(Markup.escape(s.id))</code>: "
                + "<a href=\"styles/\(Markup.escape(s.id)).json\">TileJSON</a>, "
                + "<a href=\"styles/\(Markup.escape(s.id))/wmts.xml\">WMTS</a>, "
                + "tiles <code>styles/\(Markup.escape(s.id))/{z}/{x}/{y}.\(format.fileExtension)</code></li>"
        }.joined(separator: "\n")
        let center = first.map { String(format: "%.5f,%.5f", $0.center.latitude, $0.center.longitude) } ?? "43.73600,7.42600"
        return """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>mapsnap</title>
        <link rel="icon" href="data:,">
        \(leaflet ? "<link rel=\"stylesheet\" href=\"leaflet/leaflet.css\">\n<script src=\"leaflet/leaflet.js\"></script>" : "")
        <style>
        body { font: 15px/1.4 system-ui, sans-serif; margin: 0 auto; max-width: 1100px; padding: 0 16px 40px; color: #222; }
        h1 { font-size: 22px; margin: 18px 0 4px; } h2 { font-size: 17px; margin: 22px 0 6px; }
        .map { height: 340px; border: 1px solid #ccc; border-radius: 4px; }
        form { display: grid; grid-template-columns: repeat(auto-fill, minmax(190px, 1fr)); gap: 8px 12px; align-items: end; }
        label { display: flex; flex-direction: column; font-size: 13px; color: #555; }
        input, select, button { font: inherit; padding: 4px 6px; }
        #static-url { word-break: break-all; font-size: 13px; }
        #static-message { color: #b00; }
        code { font-size: 13px; }
        </style>
        </head>
        <body>
        <h1>mapsnap</h1>
        <p>Raster tiles, static images (mapsnap's own, tileserver-gl and Mapbox Static Images URLs), TileJSON and WMTS from vector tiles, offline.
        <a href="styles">Styles</a> · <a href="metrics">Metrics</a> · <a href="health">Health</a></p>
        <ul>
        \(list)
        </ul>
        \(leaflet ? "" : "<p><b>Leaflet is not installed</b> (Debian: <code>apt-get install libjs-leaflet</code>), so the maps below are not shown.</p>")
        <div id="maps"></div>
        <h2>Static image</h2>
        <form id="static-form">
          <label>style <select name="style">\(options)</select></label>
          <label>center (lat,lon) <input name="center" value="\(center)"></label>
          <label>meters across <input name="meters" value="800"></label>
          <label>size (WxH) <input name="size" value="600x400"></label>
          <label>scale <select name="scale"><option>1</option><option>2</option></select></label>
          <label>marker (lat,lon[,color[,title]]) <input name="marker" value=""></label>
          <button type="submit">Show</button>
        </form>
        <p><a id="static-url" href="#"></a></p>
        <p id="static-message"></p>
        <img id="static-image" alt="">
        <script id="styles-data" type="application/json">\(embedded)</script>
        <script>
        "use strict";
        const styles = JSON.parse(document.getElementById("styles-data").textContent);
        if (window.L) {
          // Tiles outside every region of a style are 404 (only background there): not requested.
          const RegionTiles = L.TileLayer.extend({
            _isValidTile: function (coords) {
              if (!L.TileLayer.prototype._isValidTile.call(this, coords)) return false;
              const regions = this.options.regions;
              if (!regions.length) return true;
              const b = this._tileCoordsToBounds(coords);
              return regions.some(r => b.intersects(L.latLngBounds([r[0], r[1]], [r[2], r[3]])));
            }
          });
          for (const s of styles) {
            const h = document.createElement("h2");
            h.textContent = s.name + " (" + s.id + ")";
            const div = document.createElement("div");
            div.className = "map";
            div.id = "map-" + s.id;
            document.getElementById("maps").append(h, div);
            const map = L.map(div, { minZoom: s.minzoom, maxZoom: s.maxzoom }).setView(s.center, s.zoom);
            new RegionTiles("styles/" + encodeURIComponent(s.id) + "/{z}/{x}/{y}{r}.\(format.fileExtension)",
                            { minZoom: s.minzoom, maxZoom: s.maxzoom, regions: s.regions, attribution: s.attribution }).addTo(map);
          }
        }
        document.getElementById("static-form").addEventListener("submit", async (event) => {
          event.preventDefault();
          const form = new FormData(event.target);
          const query = new URLSearchParams();
          for (const [k, v] of form) if (v !== "") query.append(k, v);
          const url = "static?" + query.toString();
          const link = document.getElementById("static-url");
          link.href = url;
          link.textContent = url;
          const message = document.getElementById("static-message");
          const img = document.getElementById("static-image");
          message.textContent = "";
          const answer = await fetch(url);
          if (!answer.ok) {
            message.textContent = answer.status + ": " + await answer.text();
            img.removeAttribute("src");
            return;
          }
          img.src = URL.createObjectURL(await answer.blob());
        });
        </script>
        </body>
        </html>

        """
    }
}

/// Debian's libjs-leaflet, served under `/leaflet/` for the preview page: a fixed list of files
/// read once at start-up (no path from a request ever reaches the file system).
struct LeafletAssets: Sendable {
    static let folder = "/usr/share/javascript/leaflet"
    static let files: [String: String] = [
        "leaflet.js": "text/javascript; charset=utf-8", "leaflet.css": "text/css; charset=utf-8",
        "images/layers.png": "image/png", "images/layers-2x.png": "image/png", "images/marker-icon.png": "image/png",
        "images/marker-icon-2x.png": "image/png", "images/marker-shadow.png": "image/png",
    ]

    let contents: [String: (type: String, body: Data)]

    var available: Bool { contents["leaflet.js"] != nil && contents["leaflet.css"] != nil }

    static func load(from folder: String = folder) -> LeafletAssets {
        var contents: [String: (String, Data)] = [:]
        for (name, type) in files {
            if let data = try? InputFile.read(folder + "/" + name) { contents[name] = (type, data) }
        }
        return LeafletAssets(contents: contents)
    }
}
