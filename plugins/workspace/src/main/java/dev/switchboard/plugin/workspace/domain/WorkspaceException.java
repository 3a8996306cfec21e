package dev.switchboard.plugin.workspace.domain;

import java.util.Map;

/**
 * An expected refusal or failure of a workspace operation, carrying its stable {@link Code}, a message that says what
 * the caller can do, and JSON facts (the current revision, the exit code...). Translated to a tool failure at the edge.
 */
public final class WorkspaceException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final Code code;
    private final transient Map<String, Object> details;

    /**
     * @param code    the stable reason
     * @param message what went wrong and the way out
     * @param details further JSON facts; copied
     */
    public WorkspaceException(Code code, String message, Map<String, Object> details) {
        super(message);
        this.code = code;
        this.details = Map.copyOf(details);
    }

    /**
     * @param code    the stable reason
     * @param message what went wrong and the way out
     */
    public WorkspaceException(Code code, String message) {
        this(code, message, Map.of());
    }

    /** @return the stable reason */
    public Code code() {
        return code;
    }

    /** @return further JSON facts, never null */
    public Map<String, Object> details() {
        return details;
    }
}
