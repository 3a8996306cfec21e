package dev.switchboard.ports.tool;

/**
 * Hints about a tool's behaviour, passed to clients as MCP tool annotations (MCP 2025-11-25, "ToolAnnotations").
 * A null component means "not stated"; clients then apply the spec's defaults. Hints are advice, not security.
 *
 * @param readOnlyHint    the tool does not change its environment
 * @param destructiveHint the tool may destroy or overwrite data (meaningful when not read-only)
 * @param idempotentHint  calling again with the same arguments has no further effect
 * @param openWorldHint   the tool reaches outside entities (the network, other systems)
 */
public record ToolAnnotations(Boolean readOnlyHint, Boolean destructiveHint, Boolean idempotentHint,
                              Boolean openWorldHint) {

    /** No hints stated. */
    public static final ToolAnnotations NONE = new ToolAnnotations(null, null, null, null);

    /** A read-only, idempotent tool that stays inside Switchboard. */
    public static final ToolAnnotations READ_ONLY = new ToolAnnotations(true, false, true, false);
}
