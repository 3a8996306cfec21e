package dev.switchboard.plugin.workspace.application.port.out;

/**
 * One request key's receipt.
 *
 * @param id          sha256 of the workspace id and the request key
 * @param workspaceId the workspace the key is scoped to
 * @param fingerprint sha256 of the canonical JSON of the tool name and all its arguments
 * @param tool        the tool name
 * @param status      {@code started}, {@code completed} or {@code failed}
 * @param facts       the outcome's metadata; empty while started
 * @param updatedAt   when the row last changed, ISO-8601 UTC
 * @param orphansKilled for a command left running by a server that died and killed at the next start: when, and
 *                      which processes; otherwise null
 */
public record Receipt(
        String id,
        String workspaceId,
        String fingerprint,
        String tool,
        String status,
        ReceiptFacts facts,
        String updatedAt,
        String orphansKilled) {}
