/// `["is-supported-script", string]`: whether the text is expected to render legibly from glyph
/// PBFs, MapLibre's `isSupportedScript` with right-to-left text available (mapsnap shapes it with
/// FriBidi): false when a character is of the Indic scripts, Sinhala, Tibetan, Myanmar or Khmer,
/// which need complex shaping that glyph PBFs cannot give.
struct IsSupportedScript: Expression, ExpressionOperator {
    static let names = ["is-supported-script"]

    let operand: any Expression
    var type: ValueType { .boolean }
    var children: [any Expression] { [operand] }

    func evaluate(_ context: EvaluationContext) throws(EvaluationError) -> StyleValue {
        .bool(try operand.evaluateString(context).unicodeScalars.allSatisfy { !Self.needsComplexShaping($0.value) })
    }

    /// MapLibre's blocks of scripts that require complex shaping (`charInSupportedScript`).
    static func needsComplexShaping(_ c: UInt32) -> Bool {
        (0x0900...0x0DFF).contains(c) || (0x0F00...0x109F).contains(c) || (0x1780...0x17FF).contains(c)
    }

    static func parse(_ items: [StyleValue], _ context: ParsingContext) -> (any Expression)? {
        guard context.checkArity(items, 1), let operand = context.parse(items, 1, expected: .string) else { return nil }
        return IsSupportedScript(operand: operand)
    }
}
