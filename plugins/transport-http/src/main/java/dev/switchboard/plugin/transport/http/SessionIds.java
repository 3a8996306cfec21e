package dev.switchboard.plugin.transport.http;

import java.security.SecureRandom;
import java.util.Base64;

/**
 * Session ids: 256 random bits from {@link SecureRandom}, URL-safe Base64 without padding (43 visible ASCII
 * characters, as MCP asks). Unguessable, so that knowing one's own id says nothing about another's. Thread-safe.
 */
final class SessionIds {

    private static final SecureRandom RANDOM = new SecureRandom();

    private SessionIds() {}

    static String next() {
        byte[] bytes = new byte[32];
        RANDOM.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }
}
