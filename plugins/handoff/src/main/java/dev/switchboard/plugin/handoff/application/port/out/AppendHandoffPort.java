package dev.switchboard.plugin.handoff.application.port.out;

import java.util.Optional;

/** Appends handoffs to a project's stream. */
public interface AppendHandoffPort {

    /**
     * In one transaction: checks that the project is registered; when the handoff has an idempotency key already
     * used, compares payload fingerprints and writes nothing; otherwise allocates the project's next sequence and
     * stores the handoff. Concurrent appends (from any number of threads or processes) get distinct, gap-free
     * sequences.
     *
     * @param handoff the handoff
     * @return committed, replayed or conflict; empty when no project is registered under the handoff's key, and then
     *         nothing was written
     */
    Optional<AppendResult> append(NewHandoff handoff);
}
