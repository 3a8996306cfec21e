package dev.switchboard.plugin.mailbox.pin.application;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import dev.switchboard.plugin.mailbox.channel.application.port.out.Tx;
import dev.switchboard.plugin.mailbox.pin.application.port.out.PinStore;

/**
 * Whether a message approved a pin version: such a message is the record of a consent and can no longer be deleted
 * or revised ({@code delete_message} and {@code revise_message} ask this), nor retired by a cleanup. Thread-safe.
 */
@Singleton
public final class PinApprovals {

    private final PinStore pins;

    @Inject
    PinApprovals(PinStore pins) {
        this.pins = pins;
    }

    /**
     * @param tx        the transaction
     * @param messageId a message
     * @return whether a pin version cites it as {@code approved_by}
     */
    public boolean approvedAVersion(Tx tx, long messageId) {
        return pins.approvedAVersion(tx, messageId);
    }
}
