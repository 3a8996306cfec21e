package dev.switchboard.plugin.mailbox.hook.application.port.out;

import java.net.URI;

import dev.switchboard.plugin.mailbox.hook.domain.RoleCounts;

/** A hosted server's {@code GET /hook-status}. Implementations are thread-safe. */
public interface RemoteCounts {

    /**
     * @param base  the server's base URL (checked by {@code ServerUrl})
     * @param token the role token
     * @return the role's counts
     * @throws HookFailure {@code UNREACHABLE} or {@code ANSWER}
     */
    RoleCounts fetch(URI base, String token);
}
