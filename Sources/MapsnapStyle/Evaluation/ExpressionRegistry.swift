/// Every expression operator this module implements, by spec name, and the spec operators it
/// knows but does not implement (those become warnings, not errors).
enum ExpressionRegistry {
    static let operators: [any ExpressionOperator.Type] = [
        Literal.self, Let.self, Var.self,
        Get.self, Has.self, Properties.self, Id.self, FeatureState.self, GeometryTypeExpression.self, Zoom.self, LineProgress.self,
        Interpolate.self, Step.self, Match.self, Case.self, Coalesce.self,
        NumberAssertion.self, StringAssertion.self, BooleanAssertion.self, ObjectAssertion.self, ArrayAssertion.self,
        ToBoolean.self, ToString.self, ToNumber.self, ToColor.self, TypeOf.self,
        Comparison.self, Not.self, All.self, AnyOf.self, In.self, IndexOf.self, Slice.self, Length.self, At.self,
        Arithmetic.self, MathFunction.self,
        Concat.self, Upcase.self, Downcase.self,
        RGBA.self, ToRGBA.self, Format.self, NumberFormat.self, Image.self, ErrorExpression.self, IsSupportedScript.self,
        Within.self,
    ]

    static let parsers: [String: OperatorParser] = {
        var table: [String: OperatorParser] = [:]
        for op in operators {
            for name in op.names {
                precondition(table[name] == nil, "operator \(name) registered twice")
                table[name] = { items, context in op.parse(items, context) }
            }
        }
        return table
    }()

    /// In the spec, not implemented here: a property using one falls back to its default and
    /// the style gets a warning.
    static let unsupported: Set<String> = [
        "collator", "resolved-locale",
        "heatmap-density", "accumulated", "distance", "global-state", "elevation",
        "to-padding", "split", "config",
    ]
}
