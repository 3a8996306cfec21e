package io.modelcontextprotocol.modern.server;

import java.util.Map;

import io.modelcontextprotocol.common.McpTransportContext;
import io.modelcontextprotocol.modern.McpSchema;

/**
 * Seals a {@code requestState} as a Switchboard node does (the SDK's HMAC codec, bound to the caller as the bridge's
 * {@code RequestStates} binds it: {@code <principal kind>:<principal id>}), with a key the test read from the store:
 * in this package because the SDK keeps {@link McpRequestContext}'s constructor to it.
 */
public final class SealedStates {

    private SealedStates() {}

    /**
     * @param key    the store's sealing key
     * @param caller the caller the state is bound to, such as {@code OWNER:owner} for the owner token
     * @param tool   the tool of the {@code tools/call} it is for
     * @param state  the state
     * @return the sealed state
     */
    public static String seal(byte[] key, String caller, String tool, String state) {
        McpRequestContext context = new McpRequestContext(
                1,
                "tools/call",
                "2026-07-28",
                McpSchema.ClientCapabilities.NONE,
                null,
                null,
                tool,
                Map.of(),
                McpTransportContext.EMPTY,
                false,
                false);
        return HmacRequestStateCodec.builder()
                .key(key)
                .principalExtractor(unused -> caller)
                .build()
                .seal(context, state);
    }
}
