package dev.switchboard.plugin.transport.http;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.OptionalLong;

/**
 * The transport's two rate limits (ADR 22). Every admitted request spends a permit of its credential's bucket, keyed
 * by the SHA-256 digest of the presented {@code Authorization} value (never the token itself; the peer address when
 * no credential is sent because authentication is off). Every refused credential (a 401) spends a permit of its
 * peer's failure bucket, and a peer whose failure bucket is empty is answered 429 before its token is even looked
 * at, so tokens cannot be guessed at line speed. Idle buckets are dropped by {@link #evictIdle()}. Thread-safe.
 */
final class RateLimits {

    private final TokenBuckets credentials;
    private final TokenBuckets failures;

    RateLimits(HttpSettings.RateLimit settings) {
        this.credentials = new TokenBuckets(settings.perSecond(), settings.burst(), System::nanoTime);
        this.failures =
                new TokenBuckets(settings.authFailuresPerMinute() / 60d, settings.authFailureBurst(), System::nanoTime);
    }

    /** @return empty when {@code peer} may try a credential, else the seconds to wait */
    OptionalLong beforeAuthentication(String peer) {
        return failures.peek(peer);
    }

    /** Records a refused credential from {@code peer}. */
    void authenticationFailed(String peer) {
        failures.take(peer);
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
