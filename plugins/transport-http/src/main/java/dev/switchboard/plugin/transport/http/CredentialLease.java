package dev.switchboard.plugin.transport.http;

import java.time.Duration;
import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;

/**
 * How long an admitted request's credential counts as confirmed (ADR 27). The gate confirmed it at admission; an
 * answer written within {@code freshFor} of the last confirmation goes out as it is, and one written later (a held
 * tool call, a long poll, a message on a GET stream opened long ago) has the credential looked up again first: one
 * lookup per held answer, and on a stream at most one per {@code freshFor}, never one per message. A credential that
 * failed a lookup (rotated, revoked, its channel deleted) stays failed: nothing more is written for it. Thread-safe.
 */
final class CredentialLease {

    /** The lease of a request without a credential (a route that takes none): nothing to look up, always live. */
    static final CredentialLease NONE = new CredentialLease(() -> true, Duration.ofDays(36_500), System::nanoTime);

    private final BooleanSupplier lookup;
    private final long freshForNanos;
    private final LongSupplier clock;
    private long confirmedAt;
    private boolean dead;

    /**
     * @param lookup   looks the credential up again: true while it still resolves to the admitted principal
     * @param freshFor how long a confirmation holds, zero or more
     * @param clock    nanoseconds, monotonic ({@code System::nanoTime})
     */
    CredentialLease(BooleanSupplier lookup, Duration freshFor, LongSupplier clock) {
        this.lookup = lookup;
        this.freshForNanos = freshFor.toNanos();
        this.clock = clock;
        this.confirmedAt = clock.getAsLong();
    }

    /**
     * @return whether an answer may be written now: true within {@code freshFor} of the last confirmation (no
     *     lookup), else the answer of a new lookup, which renews the confirmation when it holds
     */
    synchronized boolean live() {
        if (dead) {
            return false;
        }
        long now = clock.getAsLong();
        if (now - confirmedAt < freshForNanos) {
            return true;
        }
        if (lookup.getAsBoolean()) {
            confirmedAt = clock.getAsLong();
            return true;
        }
        dead = true;
        return false;
    }
}
