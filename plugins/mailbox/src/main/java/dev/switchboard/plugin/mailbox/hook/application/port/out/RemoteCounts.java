package dev.switchboard.plugin.mailbox.hook.application.port.out;

import java.net.URI;
import java.util.List;
import java.util.Map;

import dev.switchboard.plugin.mailbox.hook.domain.RoleCounts;

/** A hosted server's {@code GET /hook-status} and {@code GET /status}. Implementations are thread-safe. */
public interface RemoteCounts {

    /**
     * @param base  the server's base URL (checked by {@code ServerUrl})
     * @param token the role token
     * @return the role's counts
     * @throws HookFailure {@code UNREACHABLE} or {@code ANSWER}
     */
    RoleCounts fetch(URI base, String token);

    /**
     * {@code GET /status?wait=0}: the pins of the token's channel, as the channel summary lists them.
     *
     * @param base  the server's base URL (checked by {@code ServerUrl})
     * @param token the role token
     * @return the latest version of every pin, without bodies ({@code key, title, version, updated_by, updated_at,
     *     approved_by, body_sha256, body_length_bytes, body_length_chars}), by key
     * @throws HookFailure {@code UNREACHABLE} or {@code ANSWER}
     */
    List<Map<String, Object>> pins(URI base, String token);
}
