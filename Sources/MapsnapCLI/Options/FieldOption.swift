import MapsnapKit

extension Option where Context: RequestContext {
    /// An option that fills in a request field from its value, through the field table every
    /// front end shares (`RequestField`), so the value is read and worded as everywhere else.
    public static func field(_ field: String, _ names: [String], _ form: String? = nil, help: String,
                      as requestField: String? = nil) -> Option {
        let target = RequestField.named(requestField ?? field)!
        return Option(names, .required(form ?? target.valueForm), help: help, field: field) { context, text in
            try target.apply(text, to: &context.request)
        }
    }

    /// A switch that sets a request field to a fixed value (`--fit` → `fit=true`).
    public static func fieldSwitch(_ field: String, _ names: [String], sets value: String, help: String) -> Option {
        let target = RequestField.named(field)!
        return Option(names, .none, help: help, field: field) { context, _ in
            try target.apply(value, to: &context.request)
        }
    }
}
