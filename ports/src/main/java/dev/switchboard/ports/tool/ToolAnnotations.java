package dev.switchboard.ports.tool;

/**
 * Hints about a tool's behaviour, passed to clients as MCP tool annotations (MCP 2025-11-25, "ToolAnnotations").
 * A null component means "not stated"; clients then apply the spec's defaults. Hints are advice, not security.
 * Immutable and thread-safe.
 *
 * <p>Plugins write them by name, starting from {@link #readOnly()} or {@link #writes()} and adding what applies:
 * {@code ToolAnnotations.writes().idempotent()}, {@code ToolAnnotations.writes().destructive().openWorld()}.
 *
 * @param readOnlyHint    the tool does not change its environment
 * @param destructiveHint the tool may destroy or overwrite data (meaningful when not read-only)
 * @param idempotentHint  calling again with the same arguments has no further effect
 * @param openWorldHint   the tool reaches outside entities (the network, other systems)
 */
public record ToolAnnotations(
        Boolean readOnlyHint, Boolean destructiveHint, Boolean idempotentHint, Boolean openWorldHint) {

    /** No hints stated. */
    public static final ToolAnnotations NONE = new ToolAnnotations(null, null, null, null);

    /** A read-only, idempotent tool that stays inside Switchboard. */
    public static final ToolAnnotations READ_ONLY = new ToolAnnotations(true, false, true, false);

    /** @return {@link #READ_ONLY}: changes nothing, the same answer for the same state, stays inside Switchboard */
    public static ToolAnnotations readOnly() {
        return READ_ONLY;
    }

    /**
     * @return a tool that changes state by adding to it (not destructive), is not idempotent and stays inside
     *         Switchboard; refine with {@link #idempotent()}, {@link #destructive()}, {@link #openWorld()}
     */
    public static ToolAnnotations writes() {
        return new ToolAnnotations(false, false, false, false);
    }

    /** @return these hints, stating that calling again with the same arguments has no further effect */
    public ToolAnnotations idempotent() {
        return new ToolAnnotations(readOnlyHint, destructiveHint, true, openWorldHint);
    }

    /** @return these hints, stating that calling again may have a further effect (a new id, a new session) */
    public ToolAnnotations notIdempotent() {
        return new ToolAnnotations(readOnlyHint, destructiveHint, false, openWorldHint);
    }

    /** @return these hints, stating that the tool may overwrite or delete data */
    public ToolAnnotations destructive() {
        return new ToolAnnotations(readOnlyHint, true, idempotentHint, openWorldHint);
    }

    /** @return these hints, stating that the tool reaches outside entities (processes, the network) */
    public ToolAnnotations openWorld() {
        return new ToolAnnotations(readOnlyHint, destructiveHint, idempotentHint, true);
    }
}
