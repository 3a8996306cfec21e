package dev.switchboard.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Function;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import tools.jackson.databind.JsonNode;

import dev.switchboard.e2e.support.SharedHttpServe;
import dev.switchboard.testkit.distribution.HttpServe;
import dev.switchboard.testkit.distribution.Installation;
import dev.switchboard.testkit.distribution.Json;
import dev.switchboard.testkit.distribution.RawSession;

/**
 * Integers no handler can hold, written by hand into the JSON-RPC text (so no client library rounds them first) and
 * parsed by each transport as it parses any request: {@code through_sequence} past 2<sup>64</sup>, just past
 * signed 64 bits, and as {@code 1e20} and {@code 1e300}, is {@code INVALID_ARGUMENTS} naming the field, and the cursor
 * does not move. Before, 2<sup>64</sup>+2 moved it to 2 and reported success, and the others were
 * {@code INTERNAL_ERROR}. The HTTP half runs on the {@link SharedHttpServe} server (its project is {@code atlas}).
 */
@ExtendWith(SharedHttpServe.class)
class IntegerArgumentsIT {

    private static final List<String> TOO_LARGE =
            List.of("18446744073709551618", "9223372036854775808", "1e20", "1e300");

    @TempDir
    Path dir;

    @Test
    void overStdioAnIntegerPast64BitsIsRefusedNamingTheFieldAndTheCursorStays() {
        try (RawSession session = Installation.copyOfBuilt(dir).serve()) {
            session.initialize(1);
            long[] id = {2};
            Function<String, JsonNode> call = body -> {
                session.send(
                        "{\"jsonrpc\":\"2.0\",\"id\":" + id[0] + ",\"method\":\"tools/call\",\"params\":" + body + "}");
                return session.awaitResponse(id[0]++).path("result");
            };
            checkRefusedAndCursorStays(call, session.log());
        }
    }

    @Test
    void overHttpAnIntegerPast64BitsIsRefusedNamingTheFieldAndTheCursorStays(HttpServe server) throws Exception {
        try (HttpClient http = HttpClient.newHttpClient()) {
            HttpResponse<String> init = server.post(http, null, Json.initialize(1));
            String session = init.headers().firstValue("Mcp-Session-Id").orElseThrow();
            assertThat(server.post(http, session, Json.initialized()).statusCode())
                    .isEqualTo(202);
            long[] id = {2};
            Function<String, JsonNode> call = body -> {
                try {
                    HttpResponse<String> answer = server.post(
                            http,
                            session,
                            "{\"jsonrpc\":\"2.0\",\"id\":" + id[0]++ + ",\"method\":\"tools/call\",\"params\":" + body
                                    + "}");
                    return message(answer.body()).path("result");
                } catch (IOException | InterruptedException e) {
                    throw new AssertionError("POST /mcp failed" + server.log(), e);
                }
            };
            checkRefusedAndCursorStays(call, server.log());
        }
    }

    private static void checkRefusedAndCursorStays(Function<String, JsonNode> call, String log) {
        assertThat(call.apply(tool("frontispice_register_project", "{\"project\": \"atlas\"}"))
                        .path("isError")
                        .asBoolean(false))
                .as(log)
                .isFalse();
        for (int i = 0; i < 2; i++) {
            assertThat(call.apply(tool(
                                    "frontispice_publish_handoff",
                                    "{\"project\": \"atlas\", \"title\": \"t" + i
                                            + "\", \"summary\": \"s\", \"content\": \"c\"}"))
                            .path("isError")
                            .asBoolean(false))
                    .as(log)
                    .isFalse();
        }
        for (String number : TOO_LARGE) {
            JsonNode result = call.apply(tool(
                    "frontispice_advance_cursor",
                    "{\"project\": \"atlas\", \"consumer\": \"librarian\", \"through_sequence\": " + number + "}"));

            assertThat(result.path("isError").asBoolean(false))
                    .as("%s: %s%s", number, result, log)
                    .isTrue();
            assertThat(result.path("structuredContent").path("code").asString(""))
                    .as("%s: %s", number, result)
                    .isEqualTo("INVALID_ARGUMENTS");
            assertThat(result.path("structuredContent")
                            .path("details")
                            .path("field")
                            .asString(""))
                    .as("%s: %s", number, result)
                    .isEqualTo("through_sequence");
        }
        JsonNode status = call.apply(tool("frontispice_project_status", "{\"project\": \"atlas\"}"));
        JsonNode cursors = status.path("structuredContent").path("cursors");
        assertThat(cursors.isObject() && cursors.isEmpty())
                .as("no cursor moved: %s%s", status, log)
                .isTrue();
    }

    private static String tool(String name, String arguments) {
        return "{\"name\":\"" + name + "\",\"arguments\":" + arguments + "}";
    }

    /** The JSON-RPC message of a response body: plain JSON, or the {@code data:} line of an SSE event. */
    private static JsonNode message(String body) {
        String json = body.strip();
        if (!json.startsWith("{")) {
            json = json.lines()
                    .filter(line -> line.startsWith("data:"))
                    .map(line -> line.substring(5).strip())
                    .filter(line -> line.startsWith("{"))
                    .reduce((first, second) -> second)
                    .orElse("{}");
        }
        return Json.parse(json.getBytes(StandardCharsets.UTF_8));
    }
}
