package dev.switchboard.bridge.mcp;

import java.security.SecureRandom;

import io.modelcontextprotocol.modern.server.HmacRequestStateCodec;
import io.modelcontextprotocol.modern.server.RequestStateCodec;

/**
 * The sealing of the modern era's {@code requestState} (input-required results, MCP 2026-07-28): one HMAC key per
 * process, drawn at first use. No method of this server returns an input-required result yet (issue 24 item 5), so
 * nothing is sealed today; when one does, state sealed by one process cannot be opened by another, and several nodes
 * will need a key they share (item 7). Named explicitly so the SDK does not warn at every start that it drew one.
 */
final class RequestStates {

    private static final int KEY_BYTES = 32;

    private RequestStates() {}

    private static final class Holder {
        static final RequestStateCodec CODEC =
                HmacRequestStateCodec.builder().key(key()).build();

        private static byte[] key() {
            byte[] key = new byte[KEY_BYTES];
            new SecureRandom().nextBytes(key);
            return key;
        }
    }

    /** @return the process's codec. Thread-safe. */
    static RequestStateCodec perProcess() {
        return Holder.CODEC;
    }
}
