/// What a route does with a request: answer at once (on the HTTP thread), or later, from a render
/// worker. For `later` the HTTP layer suspends the connection (its thread goes on serving others),
/// then calls `start` with the function that delivers the answer; that function is called exactly
/// once, from any thread, and resumes the connection.
public enum Reply: Sendable {
    case now(HTTPResponse)
    case later(@Sendable (_ deliver: @escaping @Sendable (HTTPResponse) -> Void) -> Void)
}
