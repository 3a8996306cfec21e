package dev.switchboard.plugin.mailbox.channel;

import static dev.switchboard.plugin.mailbox.MailboxHarness.args;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ValueSource;

import dev.switchboard.plugin.mailbox.MailboxHarness;
import dev.switchboard.ports.tool.ToolResult;

/**
 * Text the mailbox cannot store or give back as sent (a NUL, a lone surrogate) is refused naming the field, by every
 * tool and on both backends, and nothing is written; found by a new user's trial (a NUL query answered INTERNAL_ERROR,
 * a NUL filter matched every message, a lone surrogate was stored as '?').
 */
@ParameterizedClass(name = "on {0}")
@ValueSource(strings = {"sqlite", "postgres"})
class StorableTextTest {

    @Parameter
    String backend;

    @TempDir
    Path dir;

    private MailboxHarness frontend;

    @BeforeEach
    void open() {
        frontend = MailboxHarness.open(backend, dir, "frontend");
    }

    @AfterEach
    void close() {
        frontend.close();
    }

    @Test
    void aBodyWithANulIsRefusedNamingTheBodyAndNothingIsSent() {
        ToolResult.Failure refused = frontend.refused(
                "send_message", args("to", "backend", "topic", "t", "body", "a\u0000b"), "INVALID_ARGUMENTS");

        assertThat(refused.details()).containsEntry("field", "body");
        assertThat(refused.message()).contains("NUL");
        assertThat(MailboxHarness.result(frontend.as("backend").ok("list_messages", args())))
                .isEmpty();
    }

    @Test
    void aLoneSurrogateInsideAnAddendumIsRefusedNamingItsPath() {
        frontend.as("infra").send("frontend", "hello", "b");
        ToolResult.Failure refused = frontend.refused(
                "send_message",
                args(
                        "to", List.of("backend", "infra"),
                        "topic", "release",
                        "body", "shared",
                        "kind", "status",
                        "addenda", Map.of("backend", "x\ud800y")),
                "INVALID_ARGUMENTS");

        assertThat(refused.details()).containsEntry("field", "addenda.backend");
        assertThat(refused.message()).contains("surrogate");
    }

    @Test
    void aSearchOrAFilterWithANulIsRefusedInsteadOfFailingOrMatchingEverything() {
        frontend.send("backend", "rotation plan", "the key rotation");

        assertThat(frontend.refused("search_messages", args("query", "\u0000abc"), "INVALID_ARGUMENTS")
                        .details())
                .containsEntry("field", "query");
        assertThat(frontend.refused("list_messages", args("text", "\u0000"), "INVALID_ARGUMENTS")
                        .details())
                .containsEntry("field", "text");
    }

    @Test
    void aWellFormedSupplementaryCharacterIsStoredAsSent() {
        long id = frontend.send("backend", "emoji \ud83d\ude80", "launch \ud83d\ude80");

        Map<String, Object> thread = frontend.ok("get_thread", args("message_id", id));
        assertThat(MailboxHarness.result(thread).get(0)).containsEntry("body", "launch \ud83d\ude80");
    }
}
