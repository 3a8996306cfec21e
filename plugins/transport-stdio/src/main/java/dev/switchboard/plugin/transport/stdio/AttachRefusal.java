package dev.switchboard.plugin.transport.stdio;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Why the attach transport refuses a connection, as the refusal line it writes before closing:
 * {@code {"attach":1,"ok":false,"code":"FORBIDDEN|INVALID|INVALID_SETTING|UNAVAILABLE","message":"..."}}. The message names the
 * client's mistake only, never a stack trace or a path of the server's.
 */
final class AttachRefusal extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** A peer of another user. */
    static final String FORBIDDEN = "FORBIDDEN";
    /** A hello that is not one, too long, or too late. */
    static final String INVALID = "INVALID";
    /**
     * The session's own settings can never serve it (a plugin's {@link dev.switchboard.ports.call.SessionCheck}, such
     * as a mailbox role that is no role name): the client says so and exits 2 instead of serving in-process.
     */
    static final String INVALID_SETTING = "INVALID_SETTING";
    /** The server cannot take the connection now (too many, or stopping). */
    static final String UNAVAILABLE = "UNAVAILABLE";

    private final String code;

    AttachRefusal(String code, String message) {
        super(message, null, false, false);
        this.code = code;
    }

    static AttachRefusal invalid(String message) {
        return new AttachRefusal(INVALID, message);
    }

    String code() {
        return code;
    }

    /** @return the refusal line's members */
    Map<String, Object> frame() {
        Map<String, Object> frame = new LinkedHashMap<>();
        frame.put("attach", AttachHello.VERSION);
        frame.put("ok", false);
        frame.put("code", code);
        frame.put("message", getMessage());
        return frame;
    }
}
