import MapsnapKit

/// How much of the map a snapshot shows and how: shared by `snapshot` and `batch` (as every
/// item's defaults).
enum ViewOptions {
    static func group<C: RequestContext>() -> OptionGroup<C> {
        OptionGroup("View", [
            .field("center", ["--center"], help: "center, latitude first (default: the style's or the data's center)"),
            .field("meters", ["--meters"], help: "ground meters across the image's shorter side (default 800)"),
            .field("zoom", ["--zoom"], help: "MapLibre zoom 0-24 (512-px world at zoom 0) instead of --meters"),
            .field("bounds", ["--bounds"], help: "frame this box (west,south,east,north) inside --padding"),
            .field("size", ["--size"], help: "image size in points (default 1024x768; each side 1-16384)"),
            .field("scale", ["--scale"], help: "pixel ratio 1-4: the same map with N times the pixels (default 1)"),
            .field("bearing", ["--bearing"], help: "rotate the map: the heading, in degrees clockwise from north, points up"),
            .field("pitch", ["--pitch"], help: "tilt the camera from straight down, 0-60 degrees (MapLibre's perspective)"),
            .fieldSwitch("fit", ["--fit"], sets: "true",
                         help: "choose center and zoom so every overlay shows (ignores --center; a lone\npoint is shown with --meters around it); implied by overlays without --center"),
            .field("padding", ["--padding"], help: "free margin around overlays with --fit or --bounds (default 40)"),
        ])
    }
}
