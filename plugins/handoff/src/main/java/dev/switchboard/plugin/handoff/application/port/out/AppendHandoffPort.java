package dev.switchboard.plugin.handoff.application.port.out;

/** Appends handoffs to a project's stream. */
public interface AppendHandoffPort {

    /**
     * In one transaction: when the handoff has an idempotency key already used, compares payload fingerprints and
     * writes nothing; otherwise allocates the project's next sequence and stores the handoff. Concurrent appends (from
     * any number of threads or processes) get distinct, gap-free sequences.
     *
     * @param handoff the handoff; its project MUST be registered
     * @return committed, replayed or conflict
     */
    AppendResult append(NewHandoff handoff);
}
