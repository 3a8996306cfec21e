package dev.switchboard.bridge.mcp.transport;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.List;

import org.junit.jupiter.api.Test;

/** The one rule of both transports for the id of an error they answer themselves: the request's, whenever readable. */
class RefusalIdsTest {

    private final JsonRpcDecoder decoder = new JsonRpcDecoder(8, 3);

    @Test
    void aRequestsRefusalCarriesItsIdWhateverIsWrongWithIt() {
        assertThat(idOf("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/list\"}"))
                .isEqualTo(7);
        assertThat(idOf("{\"jsonrpc\":\"2.0\",\"id\":\"req-1\",\"method\":\"ping\",\"params\":[]}"))
                .isEqualTo("req-1");
        assertThat(idOf("{\"jsonrpc\":\"2.0\",\"id\":12345678901,\"method\":\"ping\"}"))
                .isEqualTo(12345678901L);
        for (String shape : List.of(
                "{\"jsonrpc\":\"1.0\",\"id\":8,\"method\":\"ping\"}",
                "{\"id\":8,\"method\":\"ping\"}",
                "{\"jsonrpc\":\"2.0\",\"id\":8,\"method\":7}",
                "{\"jsonrpc\":\"2.0\",\"id\":8}")) {
            assertThat(decoder.decode(bytes(shape))).as(shape).isInstanceOf(JsonRpcDecoder.Invalid.class);
            assertThat(idOf(shape)).as(shape).isEqualTo(8);
        }
    }

    @Test
    void whatCannotBeReadOrIsNoRequestIsRefusedWithANullId() {
        for (String unreadable : List.of(
                "{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"ping\"",
                "{\"jsonrpc\":\"2.0\",\"id\":9,\"id\":10,\"method\":\"ping\"}",
                "{\"jsonrpc\":\"2.0\",\"id\":1.5,\"method\":\"ping\"}",
                "[{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"ping\"}]",
                "[]",
                "42",
                "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}",
                "{\"jsonrpc\":\"2.0\",\"id\":9,\"result\":{}}",
                "{\"jsonrpc\":\"2.0\",\"id\":9,\"error\":\"x\"}")) {
            assertThat(idOf(unreadable)).as(unreadable).isNull();
        }
        assertThat(decoder.decode(bytes("{\"jsonrpc\":\"2.0\",\"id\":9,\"error\":\"x\"}")))
                .as("a malformed response's own answer carries no id either")
                .isInstanceOfSatisfying(
                        JsonRpcDecoder.Invalid.class,
                        invalid -> assertThat(invalid.reply()).containsEntry("id", null));
    }

    @Test
    void findsARequestsIdInTheStartOfAMessageTooLargeToRead() {
        String huge = "{\"jsonrpc\":\"2.0\",\"method\":\"tools/call\",\"meta\":{\"a\":[1,2]},\"id\":\"req-9\","
                + "\"params\":{\"name\":\"x\",\"arguments\":{\"text\":\"" + "y".repeat(10_000);
        assertThat(RefusalIds.ofPrefix(bytes(huge))).isEqualTo("req-9");
        assertThat(RefusalIds.ofPrefix(bytes("{\"jsonrpc\":\"2.0\",\"id\":42,\"params\":{\"t\":\"zz")))
                .isEqualTo(42L);
    }

    @Test
    void aTooLargeMessageWhoseStartShowsNoRequestIsRefusedWithANullId() {
        for (String start : List.of(
                "{\"jsonrpc\":\"2.0\",\"params\":{\"t\":\"" + "z".repeat(9_000) + "\"},\"id\":1}",
                "[{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}",
                "{\"id\":1.5,\"method\":\"ping\",\"params\":{\"t\":\"zz",
                "{\"jsonrpc\":\"2.0\",\"id\":3,\"result\":{\"t\":\"zz",
                "{\"jsonrpc\":\"2.0\",\"id\":3,\"t\":\"zz",
                "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"ping\",\"id\":4,\"params\":{\"t\":\"zz")) {
            assertThat(RefusalIds.ofPrefix(bytes(start))).as(start).isNull();
        }
    }

    private Object idOf(String json) {
        return RefusalIds.of(decoder.decode(bytes(json)));
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
