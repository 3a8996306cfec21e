package dev.switchboard.bridge.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;

import io.modelcontextprotocol.modern.McpException;
import io.modelcontextprotocol.modern.server.McpRequestContext;
import io.modelcontextprotocol.modern.server.RequestContexts;
import io.modelcontextprotocol.modern.server.RequestStateCodec;

import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.storage.StorageException;
import dev.switchboard.ports.transport.SealingKey;

/**
 * The modern era's {@code requestState} is sealed with the store's key (ADR 46): a state one node sealed opens on
 * another node with the same key, for the same caller, method and tool only; a rotated key refuses the states sealed
 * before; a key the store cannot give is UNAVAILABLE.
 */
class RequestStatesTest {

    private static final Principal ROLE =
            new Principal("cct_id_1", Principal.Kind.CHANNEL_ROLE, Map.of("channel", "proj", "role", "lead"));
    private static final McpRequestContext CALL = call(ROLE, "send_message");

    @Test
    void aStateSealedByOneNodeOpensOnAnotherNodeWithTheSameKey() {
        byte[] key = SealingKey.inMemory().current();
        RequestStateCodec nodeA = RequestStates.keyedBy(key);
        RequestStateCodec nodeB = RequestStates.keyedBy(key);

        String sealed = nodeA.seal(CALL, "{\"step\":2}");

        assertThat(sealed).doesNotContain("step");
        assertThat(nodeB.open(CALL, sealed)).isEqualTo("{\"step\":2}");
    }

    @Test
    void aStateOpensOnlyUnderItsKeyForItsCallerMethodAndTool() {
        byte[] key = SealingKey.inMemory().current();
        String sealed = RequestStates.keyedBy(key).seal(CALL, "state");
        RequestStateCodec sameKey = RequestStates.keyedBy(key);

        assertThat(RequestStates.keyedBy(SealingKey.inMemory().current()).open(CALL, sealed))
                .as("another store's key")
                .isNull();
        assertThat(sameKey.open(call(Principal.LOCAL_OWNER, "send_message"), sealed))
                .as("another caller")
                .isNull();
        assertThat(sameKey.open(call(ROLE, "read_inbox"), sealed))
                .as("another tool")
                .isNull();
        assertThat(sameKey.open(CALL, sealed.substring(0, sealed.length() - 2) + "AA"))
                .as("altered")
                .isNull();
        assertThat(sameKey.open(CALL, sealed)).isEqualTo("state");
    }

    @Test
    void aServersCodecFollowsItsStoresKeyAndRefusesStatesSealedBeforeARotation() {
        AtomicReference<byte[]> stored =
                new AtomicReference<>(SealingKey.inMemory().current());
        RequestStateCodec codec = new RequestStates(() -> stored.get().clone());
        String beforeRotation = codec.seal(CALL, "before");
        RequestStateCodec otherNode = RequestStates.keyedBy(stored.get());

        assertThat(otherNode.open(CALL, beforeRotation)).isEqualTo("before");
        stored.set(SealingKey.inMemory().current());
        String afterRotation = codec.seal(CALL, "after");

        assertThat(codec.open(CALL, beforeRotation)).isNull();
        assertThat(codec.open(CALL, afterRotation)).isEqualTo("after");
        assertThat(RequestStates.keyedBy(stored.get()).open(CALL, afterRotation))
                .isEqualTo("after");
    }

    @Test
    void twoServersOfOneProcessSealWithTheirOwnStoresKeysWhicheverWasBuiltLast() {
        SealingKey storeA = SealingKey.inMemory();
        SealingKey storeB = SealingKey.inMemory();
        RequestStateCodec serverA = new RequestStates(storeA);
        RequestStateCodec serverB = new RequestStates(storeB);

        String sealedByA = serverA.seal(CALL, "a");

        assertThat(serverA.open(CALL, sealedByA)).isEqualTo("a");
        assertThat(RequestStates.keyedBy(storeA.current()).open(CALL, sealedByA))
                .isEqualTo("a");
        assertThat(serverB.open(CALL, sealedByA)).as("another store's server").isNull();
    }

    @Test
    void aKeyTheStoreCannotGiveIsUnavailableAndRetryable() {
        RequestStates codec = new RequestStates(() -> {
            throw new StorageException("db.internal:5432 refused", "the storage cannot be reached", null);
        });

        assertThatThrownBy(() -> codec.seal(CALL, "state")).isInstanceOfSatisfying(McpException.class, e -> {
            assertThat(e.error().code()).isEqualTo(-32_000);
            assertThat(e.error().message()).startsWith("Service Unavailable:").doesNotContain("db.internal");
            assertThat(e.error().data()).isEqualTo(Map.of("code", "UNAVAILABLE", "retryable", true));
        });
    }

    @Test
    void aKeyTableTheStoreCannotReadIsAnsweredWithoutTheDatabasesPath() {
        RequestStates codec = new RequestStates(() -> {
            throw new StorageException("transaction on /tmp/trial-state/switchboard.db rolled back: [SQLITE_ERROR]"
                    + " SQL error or missing database (no such table: switchboard_sealing_key)");
        });

        assertThatThrownBy(() -> codec.open(CALL, "sealed")).isInstanceOfSatisfying(McpException.class, e -> {
            assertThat(e.error().code()).isEqualTo(-32_000);
            assertThat(e.error().message())
                    .isEqualTo("Service Unavailable: the request-state key cannot be read (the server's log has"
                            + " the cause)")
                    .doesNotContain("/tmp", "switchboard.db", "SQLITE");
        });
    }

    private static McpRequestContext call(Principal caller, String tool) {
        return RequestContexts.of(
                "tools/call", tool, new ModernExchange(caller, "test", ModernServerHandle.Channel.NONE).context());
    }
}
