package dev.switchboard.plugin.transport.http;

import java.time.Duration;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

import dev.switchboard.bridge.mcp.transport.BearerAuthentication.Recheck;

/**
 * How long an admitted request's credential counts as confirmed (ADR 27). The gate confirmed it at admission; an
 * answer written within {@code freshFor} of the last confirmation goes out as it is, and one written later (a held
 * tool call, a long poll, a message on a GET stream opened long ago) has the credential looked up again first: one
 * lookup per held answer, and on a stream at most one per {@code freshFor}, never one per message. A credential that
 * failed a lookup stays failed: nothing more is written for it, and {@link #why()} says whether it is gone (rotated,
 * revoked, its channel deleted: {@link Withheld#REVOKED}) or the store could not say ({@link Withheld#UNAVAILABLE}).
 * Thread-safe.
 */
final class CredentialLease {

    /** The lease of a request without a credential (a route that takes none): nothing to look up, always live. */
    static final CredentialLease NONE =
            new CredentialLease(() -> Recheck.LIVE, Duration.ofDays(36_500), System::nanoTime);

    private final Supplier<Recheck> lookup;
    private final long freshForNanos;
    private final LongSupplier clock;
    private long confirmedAt;
    private Withheld dead;

    /**
     * @param lookup   looks the credential up again: {@link Recheck#LIVE} while it still resolves to the admitted
     *                 principal
     * @param freshFor how long a confirmation holds, zero or more
     * @param clock    nanoseconds, monotonic ({@code System::nanoTime})
     */
    CredentialLease(Supplier<Recheck> lookup, Duration freshFor, LongSupplier clock) {
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
        if (dead != null) {
            return false;
        }
        long now = clock.getAsLong();
        if (now - confirmedAt < freshForNanos) {
            return true;
        }
        switch (lookup.get()) {
            case LIVE -> {
                confirmedAt = clock.getAsLong();
                return true;
            }
            case UNAVAILABLE -> dead = Withheld.UNAVAILABLE;
            case GONE -> dead = Withheld.REVOKED;
        }
        return false;
    }

    /**
     * @return why {@link #live()} answered false: the credential is gone, or the store could not say
     * @throws IllegalStateException if it never did
     */
    synchronized Withheld why() {
        if (dead == null) {
            throw new IllegalStateException("the credential has not failed a lookup");
        }
        return dead;
    }
}
