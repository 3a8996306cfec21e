package dev.switchboard.plugin.mailbox.pin.application.port.out;

import java.util.List;
import java.util.Optional;

import dev.switchboard.plugin.mailbox.channel.application.port.out.Tx;
import dev.switchboard.plugin.mailbox.pin.domain.PinVersion;

/** The pin versions of a channel ({@code mailbox_pin}), append-only. Called inside a transaction only. */
public interface PinStore {

    /** @return the key's latest version, or empty when it was never pinned */
    Optional<PinVersion> current(Tx tx, String key);

    /** @return whether any version of the key was written with {@code approved_by} */
    boolean everApproved(Tx tx, String key);

    /**
     * @return the key's versions, newest first, read without their bodies (each {@code body} empty, its digest and
     *     lengths the stored ones): {@link #body} reads the one a caller shows
     */
    List<PinVersion> history(Tx tx, String key);

    /**
     * @param newest the version's place in {@link #history}: 0 for the latest
     * @return that version's body, or empty when the key has fewer versions
     */
    Optional<String> body(Tx tx, String key, int newest);

    /** @return every key's latest version, by key, read without its body (as {@link #history}) */
    List<PinVersion> latest(Tx tx);

    /**
     * Appends a version.
     *
     * @param tx                a writing transaction
     * @param version           the version
     * @param sensitiveOverride the secret rules an override let through into it (recorded), empty when none
     */
    void append(Tx tx, PinVersion version, List<String> sensitiveOverride);
}
