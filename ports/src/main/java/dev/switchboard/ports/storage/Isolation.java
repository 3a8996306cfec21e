package dev.switchboard.ports.storage;

/**
 * The isolation a unit of work asks {@link SqlStorage#transaction(Isolation, SqlWork)} for. A request is a permission,
 * never a demand for weaker guarantees: an adapter MAY always run a work stricter than asked (SQLite, which serialises
 * its writers, runs every work as if {@link #SERIALIZABLE}).
 */
public enum Isolation {
    /** The default: the work behaves as if it ran alone; the adapter retries it when the database aborts it. */
    SERIALIZABLE,
    /**
     * The work keeps its own invariants by row locks ({@code SELECT ... FOR UPDATE}, {@code UPDATE ... RETURNING}) and
     * unique keys, so it MAY run {@code READ COMMITTED}: waiting for a locked row instead of being aborted by a
     * serialization failure (handoff's writes on PostgreSQL). The work then owns that correctness argument.
     */
    READ_COMMITTED
}
