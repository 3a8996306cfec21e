package dev.switchboard.plugin.mailbox.message.application.port.out;

import java.util.List;
import java.util.Objects;

import dev.switchboard.plugin.mailbox.channel.application.port.out.Tx;

/** The audit trail of state changes ({@code mailbox_event}), oldest first. */
public interface EventLog {

    /**
     * One event.
     *
     * @param event     what happened: {@code resolve}, {@code reopen}, {@code work_status:<v>}, {@code revision}, ...
     * @param role      who did it (from the server)
     * @param note      the note given, or null
     * @param createdAt when
     * @param pinKeys   pin keys it concerns (a cleanup pass), empty when none
     */
    record Event(String event, String role, String note, String createdAt, List<String> pinKeys) {
        /** @throws NullPointerException if a required component is null */
        public Event {
            Objects.requireNonNull(event, "event");
            Objects.requireNonNull(role, "role");
            Objects.requireNonNull(createdAt, "createdAt");
            pinKeys = List.copyOf(pinKeys);
        }
    }

    /** Appends an event at the transaction's time. */
    void append(Tx tx, long messageId, String event, String role, String note, List<String> pinKeys);

    /** @return the message's events, oldest first */
    List<Event> history(Tx tx, long messageId);
}
