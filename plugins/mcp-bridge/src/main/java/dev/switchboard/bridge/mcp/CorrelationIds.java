package dev.switchboard.bridge.mcp;

import java.util.HexFormat;
import java.util.concurrent.ThreadLocalRandom;

/** Short random ids that tie a call's answer to the server's log lines, such as {@code c-3f9a1b2c}. */
final class CorrelationIds {

    private static final HexFormat HEX = HexFormat.of();

    private CorrelationIds() {}

    static String next() {
        return "c-" + HEX.toHexDigits(ThreadLocalRandom.current().nextInt());
    }
}
