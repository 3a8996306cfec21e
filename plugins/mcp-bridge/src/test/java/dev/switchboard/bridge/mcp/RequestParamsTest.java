package dev.switchboard.bridge.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** What {@link RequestParams} lets through to the SDK and what it refuses with -32602. */
class RequestParamsTest {

    @Test
    void wellShapedParamsOfEveryMethodPass() {
        Map<String, Object> valid = Map.of(
                "tools/list", Map.of("_meta", Map.of("progressToken", "t")),
                "tools/call", Map.of("name", "echo", "arguments", Map.of("x", 1), "_meta", Map.of("progressToken", 7)),
                "resources/list", Map.of(),
                "resources/templates/list", Map.of("_meta", Map.of()),
                "resources/read", Map.of("uri", "handoff://p/1"),
                "resources/subscribe", Map.of("uri", "mailbox://local/inbox/a"),
                "prompts/get", Map.of("name", "greeting", "arguments", Map.of("who", "you")),
                "completion/complete",
                        Map.of(
                                "ref", Map.of("type", "ref/prompt", "name", "greeting"),
                                "argument", Map.of("name", "who", "value", "y")),
                "logging/setLevel", Map.of("level", "info"),
                "initialize", Map.of("protocolVersion", "2025-11-25"));

        valid.forEach((method, params) ->
                assertThat(RequestParams.problem(method, params)).as(method).isEmpty());
        for (String method : List.of("ping", "tools/list", "prompts/list", "no/such")) {
            assertThat(RequestParams.problem(method, null)).as(method).isEmpty();
        }
    }

    @Test
    void aJsonNullCountsAsAbsentForOptionalValues() {
        Map<String, Object> params = new HashMap<>();
        params.put("cursor", null);
        params.put("_meta", null);
        assertThat(RequestParams.problem("tools/list", params)).isEmpty();

        Map<String, Object> meta = new HashMap<>();
        meta.put("progressToken", null);
        Map<String, Object> call = new HashMap<>(Map.of("name", "echo", "_meta", meta));
        call.put("arguments", null);
        assertThat(RequestParams.problem("tools/call", call)).isEmpty();
    }

    @Test
    void theProblemNamesTheFieldAndTheKindButNeverTheClientsText() {
        assertThat(RequestParams.problem("tools/list", "secret-looking text"))
                .hasValue("tools/list takes an object as its params, not a string");
        assertThat(RequestParams.problem("resources/list", Arrays.asList(1)))
                .hasValue("resources/list takes an object as its params, not an array");
        assertThat(RequestParams.problem("resources/read", Map.of())).hasValue("resources/read needs a string \"uri\"");
        assertThat(RequestParams.problem("tools/list", Map.of("cursor", 5)))
                .hasValue("cursor must be a string, not a number");
    }

    @Test
    void aStringCursorOfAnyListIsAnInvalidCursorSinceNoListHasASecondPage() {
        for (String method : List.of("tools/list", "resources/list", "resources/templates/list", "prompts/list")) {
            assertThat(RequestParams.problem(method, Map.of("cursor", "bm90LWEtY3Vyc29y")))
                    .as(method)
                    .hasValue(RequestParams.INVALID_CURSOR);
        }
        assertThat(RequestParams.INVALID_CURSOR).startsWith("invalid cursor");
    }
}
