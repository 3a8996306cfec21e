package dev.switchboard.bridge.mcp;

import java.util.Arrays;
import java.util.Map;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.modelcontextprotocol.common.McpTransportContext;
import io.modelcontextprotocol.modern.McpException;
import io.modelcontextprotocol.modern.server.HmacRequestStateCodec;
import io.modelcontextprotocol.modern.server.McpRequestContext;
import io.modelcontextprotocol.modern.server.RequestStateCodec;

import dev.switchboard.ports.storage.StorageException;
import dev.switchboard.ports.transport.SealingKey;

/**
 * The sealing of the modern era's {@code requestState} (input-required results, MCP 2026-07-28): the SDK's HMAC-SHA256
 * codec, keyed by the store's {@link SealingKey} (ADR 46), so a state sealed by one node opens on every node of the
 * same store, and binding each state to its caller (the principal's kind and id), its method and its tool, resource
 * or prompt, for ten minutes (the SDK's period). A state that does not open (forged, altered, expired, another
 * caller's, or sealed under a key since rotated) is refused by the SDK as -32602 {@code Invalid or expired
 * requestState}; a key the store cannot give is -32000 {@code UNAVAILABLE}, retryable, with the fixed text
 * {@link #KEY_UNREADABLE}: the store's reason, which may name the database's file or host (ADR 14), goes to the
 * server's log only.
 *
 * <p>One codec per modern server ({@link McpServerAssembly#buildModern} builds it with its transport's
 * {@link SealingKey}, so nothing is shared between servers of one process), built again only when the store's key
 * changed. Thread-safe.
 */
final class RequestStates implements RequestStateCodec {

    /** The message of the -32000 answered when the store cannot give the key; it names no location. */
    static final String KEY_UNREADABLE =
            "Service Unavailable: the request-state key cannot be read (the server's log has the cause)";

    private static final Logger LOG = LoggerFactory.getLogger(RequestStates.class);

    private record Keyed(byte[] key, RequestStateCodec codec) {}

    private final SealingKey source;
    private volatile Keyed keyed;

    /** @param source where the key in force comes from, asked at every seal and open (the store's, ADR 46) */
    RequestStates(SealingKey source) {
        this.source = java.util.Objects.requireNonNull(source, "source");
    }

    /**
     * @param key the key
     * @return a codec keyed by {@code key} alone, as a server's is with that key
     */
    static RequestStateCodec keyedBy(byte[] key) {
        return HmacRequestStateCodec.builder()
                .key(key.clone())
                .principalExtractor(RequestStates::caller)
                .jsonMapper(McpServerAssembly.plainJsonMapper())
                .build();
    }

    @Override
    public String seal(McpRequestContext context, String state) {
        return codec().seal(context, state);
    }

    @Override
    public String open(McpRequestContext context, String sealed) {
        return codec().open(context, sealed);
    }

    /** @return the caller a state is bound to: the principal's kind and id, null for a context without one */
    private static String caller(McpTransportContext context) {
        return context.get(ModernExchange.KEY) instanceof ModernExchange exchange
                ? exchange.caller().kind() + ":" + exchange.caller().id()
                : null;
    }

    /** @return the codec of the key in force, built again only when the key changed */
    private RequestStateCodec codec() {
        byte[] key;
        try {
            key = source.current();
        } catch (StorageException e) {
            LOG.warn("The request-state sealing key cannot be read: {}", e.getMessage(), e);
            throw new McpException(-32_000, KEY_UNREADABLE, Map.of("code", "UNAVAILABLE", "retryable", true));
        }
        Keyed now = keyed;
        if (now == null || !Arrays.equals(now.key(), key)) {
            now = new Keyed(key, keyedBy(key));
            keyed = now;
        }
        return now.codec();
    }
}
