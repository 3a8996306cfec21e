package dev.switchboard.plugin.mailbox.hook.application.port.out;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/** {@code status pins} on the local store. Implementations are thread-safe unless they say otherwise. */
public interface LocalPinList {

    /**
     * @param role the role asking, or empty for the configured one
     * @return the latest version of every pin of the local channel, without bodies ({@code key, title, version,
     *     updated_by, updated_at, approved_by, body_sha256, body_length_bytes, body_length_chars}), by key; empty
     *     when the channel has no row yet
     * @throws HookFailure {@code SETUP} when there is no role, {@code STORE} when the store cannot be read
     */
    List<Map<String, Object>> list(Optional<String> role);
}
