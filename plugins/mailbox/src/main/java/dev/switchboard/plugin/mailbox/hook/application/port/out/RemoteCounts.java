package dev.switchboard.plugin.mailbox.hook.application.port.out;

import java.net.URI;
import java.util.List;
import java.util.Map;

import dev.switchboard.plugin.mailbox.hook.domain.RoleCounts;

/** A hosted server's {@code GET /hook-status} and {@code GET /status}. Implementations are thread-safe. */
public interface RemoteCounts {

    /** The longest wait a {@link #poll} asks for, seconds ({@code /status} holds a poll at most this long). */
    int MAX_WAIT_S = 50;

    /**
     * @param base  the server's base URL (checked by {@code ServerUrl})
     * @param token the role token
     * @return the role's counts
     * @throws HookFailure {@code UNREACHABLE} or {@code ANSWER}
     */
    RoleCounts fetch(URI base, String token);

    /**
     * {@code GET /status?wait=N}: the server answers at once when something is actionable, otherwise when something
     * becomes actionable or after {@code waitS} seconds (ADR 24).
     *
     * @param base  the server's base URL (checked by {@code ServerUrl})
     * @param token the role token
     * @param waitS how long the server may hold the request, seconds, {@code 0..}{@value #MAX_WAIT_S}
     * @return the role's non-zero actionable counters ({@code pending}; an empty map when nothing is actionable)
     * @throws HookFailure {@code UNREACHABLE} or {@code ANSWER} (429 and 503 included)
     * @throws IllegalArgumentException if {@code waitS} is outside {@code 0..}{@value #MAX_WAIT_S}
     */
    RoleCounts poll(URI base, String token, int waitS);

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
