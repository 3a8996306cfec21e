package dev.switchboard.plugin.transport.http;

/** Every session slot is taken by a session with a request running; the new session is refused with 503. */
final class SessionLimitException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    SessionLimitException(int limit) {
        super("all " + limit + " MCP sessions are busy; try again shortly");
    }
}
