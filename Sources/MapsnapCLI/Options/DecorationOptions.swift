import MapsnapKit

/// Scale bar, north arrow, attribution and points of interest.
enum DecorationOptions {
    static func group<C: RequestContext>() -> OptionGroup<C> {
        OptionGroup("Decorations", [
            Option(["--scale-bar"], .optional("metric|imperial", choices: ["metric", "imperial"], default: "metric"),
                   help: "a scale bar, bottom-left", field: "scale-bar") { context, text in
                try RequestField.named("scale-bar")!.apply(text, to: &context.request)
            },
            Option(["--compass"], .optional("auto|on|off", choices: ["auto", "on", "off"], default: "on"),
                   help: "the north arrow, top-right: auto (the default) shows it when the map is turned (--bearing not 0),\non (also a bare --compass) always, off never", field: "compass") { context, text in
                try RequestField.named("compass")!.apply(text, to: &context.request)
            },
            .field("poi", ["--poi"], help: "none hides the base map's points of interest (default show)"),
            .fieldSwitch("attribution", ["--no-attribution"], sets: "false", help: "do not draw the data credit (the data's licence asks for it)"),
            .fieldSwitch("collision-boxes", ["--collision-boxes"], sets: "show",
                         help: "outline each label's collision box: blue placed, red refused (why a label is missing)"),
        ])
    }
}
