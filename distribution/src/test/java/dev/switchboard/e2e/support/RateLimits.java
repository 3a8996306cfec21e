package dev.switchboard.e2e.support;

import java.util.HashMap;
import java.util.Map;

/**
 * The server environment of a test that drives one token at line speed (many concurrent calls on the owner token),
 * far above transport-http's per-credential rate limit (ADR 22): the limit is lifted explicitly, so every other test
 * runs with the shipped defaults. Stateless.
 */
public final class RateLimits {

    private RateLimits() {}

    /** @return {@code environment} plus the settings that lift the per-credential rate limit */
    public static Map<String, String> lifted(Map<String, String> environment) {
        Map<String, String> lifted = new HashMap<>(environment);
        lifted.put("SWITCHBOARD_PLUGINS__TRANSPORT_HTTP__RATE_LIMIT_PER_SECOND", "1000000");
        lifted.put("SWITCHBOARD_PLUGINS__TRANSPORT_HTTP__RATE_LIMIT_BURST", "1000000");
        return Map.copyOf(lifted);
    }
}
