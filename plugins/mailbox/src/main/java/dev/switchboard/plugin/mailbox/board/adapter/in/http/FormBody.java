package dev.switchboard.plugin.mailbox.board.adapter.in.http;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

/**
 * An {@code application/x-www-form-urlencoded} body, as the board's owner forms send it: name to first value.
 * A body over {@value #MAX_BYTES} bytes, or one that does not decode, reads as empty (so every check after fails).
 */
final class FormBody {

    /** The largest form the board reads: its forms send three short fields. */
    static final int MAX_BYTES = 4096;

    private FormBody() {}

    /**
     * @param body the request body
     * @return its fields, the first value of each name; empty when it is too large or malformed
     */
    static Map<String, String> parse(byte[] body) {
        if (body.length > MAX_BYTES) {
            return Map.of();
        }
        Map<String, String> fields = new HashMap<>();
        try {
            for (String pair : new String(body, StandardCharsets.UTF_8).split("&")) {
                if (pair.isEmpty()) {
                    continue;
                }
                int eq = pair.indexOf('=');
                String name = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
                String value = eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
                fields.putIfAbsent(name, value);
            }
        } catch (IllegalArgumentException e) {
            return Map.of();
        }
        return fields;
    }
}
