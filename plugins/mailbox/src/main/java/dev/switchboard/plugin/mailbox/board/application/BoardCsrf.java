package dev.switchboard.plugin.mailbox.board.application;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

import jakarta.inject.Singleton;

/**
 * The board's CSRF tokens (ADR 67): HMAC-SHA256, under a random key of this process, of who is looking (a board
 * session's id, or the owner's bearer principal), base64url. A page carries its viewer's token in each owner action's
 * form; a POST is acted on only when it presents the token of its own viewer. A token reveals nothing of the session
 * id, cannot be made without the process's key, and dies with the session or at a restart (reloading the page gives a
 * new one). Thread-safe.
 */
@Singleton
public final class BoardCsrf {

    private final byte[] key = new byte[32];

    BoardCsrf() {
        new SecureRandom().nextBytes(key);
    }

    /**
     * @param subject who is looking: {@code session:<id>} or {@code principal:<name>}
     * @return the token for that viewer: 43 base64url characters
     */
    public String token(String subject) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            return Base64.getUrlEncoder()
                    .withoutPadding()
                    .encodeToString(mac.doFinal(subject.getBytes(StandardCharsets.UTF_8)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is missing from this JDK", e);
        }
    }

    /**
     * @param subject   who asks, as for {@link #token}
     * @param presented the token the request carries, or null
     * @return whether it is that viewer's token (compared in constant time)
     */
    public boolean matches(String subject, String presented) {
        return presented != null
                && MessageDigest.isEqual(
                        token(subject).getBytes(StandardCharsets.US_ASCII), presented.getBytes(StandardCharsets.UTF_8));
    }
}
