package dev.switchboard.plugin.transport.http;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.OptionalLong;

/**
 * The transport's two rate limits (ADR 22). Every admitted request spends a permit of its credential's bucket, keyed
 * by the SHA-256 digest of the presented {@code Authorization} value (never the token itself; the peer address when
 * no credential is sent because authentication is off). Every refused credential spends a permit of its peer's
 * failure bucket; once that is empty, a refused credential is answered 429 instead of 401. A credential that verifies
 * never meets the failure bucket, so one client's wrong tokens cannot lock out another client at the same address
 * (behind a proxy, every client); guessing stays infeasible by the credentials' 256 random bits (ADR 22's addendum).
 * Idle buckets are dropped by {@link #evictIdle()}. Thread-safe.
 */
final class RateLimits {

    private final TokenBuckets credentials;
    private final TokenBuckets failures;

    RateLimits(HttpSettings.RateLimit settings) {
        this.credentials = new TokenBuckets(settings.perSecond(), settings.burst(), System::nanoTime);
        this.failures =
                new TokenBuckets(settings.authFailuresPerMinute() / 60d, settings.authFailureBurst(), System::nanoTime);
    }

    /**
     * Records a refused credential from {@code peer}, spending a permit of its failure bucket.
     *
     * @return empty when the permit was there (the refusal stays a 401), else the seconds until the next one (the
     *     refusal becomes a 429)
     */
    OptionalLong authenticationFailed(String peer) {
        return failures.take(peer);
    }

    /**
     * Spends one permit of the presented credential's bucket.
     *
     * @param authorization the {@code Authorization} value presented, or null when none was
     * @param peer          the peer's address, the key when no credential was presented
     * @return empty when the request may go on, else the seconds to wait
     */
    OptionalLong admitted(String authorization, String peer) {
        return credentials.take(authorization == null ? "peer " + peer : "credential " + digest(authorization));
    }

    /** Drops buckets that have refilled completely; called by the transport's sweeper. */
    void evictIdle() {
        credentials.evictFull();
        failures.evictFull();
    }

    private static String digest(String value) {
        try {
            return HexFormat.of()
                    .formatHex(MessageDigest.getInstance("SHA-256").digest(value.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }
}
