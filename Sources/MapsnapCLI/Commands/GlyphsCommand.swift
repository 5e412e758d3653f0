import MapsnapKit
import MapsnapRender

/// `mapsnap glyphs build FONT.ttf|otf ... -o DIR`
struct GlyphsInvocation: RequestContext {
    var request = MapRequest()
    var words: [String] = []
    var output: String?
}

enum GlyphsCommand {
    static let command = Command<GlyphsInvocation>(
        name: "glyphs",
        summary: "make glyph PBFs (a fonts folder for --glyphs and MapLibre) from font files",
        usage: "mapsnap glyphs build FONT.ttf|otf ... -o DIR",
        description: """
        Draws every character of each font at MapLibre's 24 px em and writes its signed distance
        fields as DIR/{font name}/{start}-{end}.pbf (MapLibre's parameters: 3 px border, radius 8,
        cutoff 0.25), the folder `--glyphs DIR`, tileserver-gl and MapLibre web maps read. The font
        name is its family and style, as styles name it in text-font ("Noto Sans Regular").
        """,
        groups: [
            OptionGroup("Output", [
                Option(["-o", "--output"], .required("DIR"), help: "the fonts folder (created; ranges already in it are replaced)",
                       field: "output") { c, text in c.output = text },
            ]),
            GeneralOptions.helpOnly(),
        ],
        positional: ("build FONT", "fonts", { c, text in c.words.append(text) }),
        initial: GlyphsInvocation(),
        finish: { c in
            guard c.words.first == "build" else {
                throw UsageError(option: "", message: "the glyphs command is `mapsnap glyphs build FONT.ttf ... -o DIR`")
            }
            guard c.words.count > 1 else { throw UsageError(option: "", message: "give the font files (.ttf, .otf) to build glyphs from") }
            guard c.output != nil else { throw UsageError(option: "--output", message: "is required: the fonts folder to write") }
        },
        run: { c, console in run(c, console) })

    static func run(_ c: GlyphsInvocation, _ console: Console) -> ExitCode {
        do {
            for font in try GlyphBuilder.build(fonts: Array(c.words.dropFirst()), into: c.output!) {
                console.info("glyphs: \(font.name): \(font.glyphs) glyphs in \(font.ranges) ranges → \(c.output!)/\(font.name)")
            }
            return .success
        } catch {
            console.error(error.description)
            return .badInput
        }
    }
}
