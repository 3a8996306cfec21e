package dev.switchboard.plugin.mailbox.channel;

import static dev.switchboard.plugin.mailbox.MailboxHarness.args;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ValueSource;

import dev.switchboard.plugin.mailbox.MailboxHarness;
import dev.switchboard.plugin.mailbox.channel.domain.MailboxLimits;
import dev.switchboard.ports.tool.ToolResult;

/**
 * A body given directly is at most 8,388,608 bytes of UTF-8, the size of one upload, in send_message, revise_message
 * and pin_set; a larger one is refused naming the field, the limit and the way out, and nothing is written. On both
 * backends.
 */
@ParameterizedClass(name = "on {0}")
@ValueSource(strings = {"sqlite", "postgres"})
class DirectBodyLimitTest {

    private static final int LIMIT = MailboxLimits.BODY_BYTES;

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
    @DisplayName("send_message takes a body of exactly 8 MiB and refuses one byte more, writing nothing")
    void sendMessageRefusesABodyOverTheUploadLimit() {
        long first = frontend.send(args("to", "backend", "topic", "at the limit", "body", "a".repeat(LIMIT)));

        ToolResult.Failure refused = frontend.refused(
                "send_message",
                args("to", "backend", "topic", "over", "body", "a".repeat(LIMIT + 1)),
                "INVALID_ARGUMENTS");

        assertSaysFieldLimitAndWayOut(refused, LIMIT + 1);
        assertThat(MailboxHarness.ids(frontend.ok("list_messages", args("fields", List.of("id")))))
                .containsExactly(first);
    }

    @Test
    @DisplayName("the limit counts UTF-8 bytes, not characters: 2-byte characters refuse at half the count")
    void theLimitCountsBytesOfUtf8() {
        String twoByteCharacters = "é".repeat(LIMIT / 2 + 1);

        ToolResult.Failure refused = frontend.refused(
                "send_message",
                args("to", "backend", "topic", "accents", "body", twoByteCharacters),
                "INVALID_ARGUMENTS");

        assertSaysFieldLimitAndWayOut(refused, LIMIT + 2);
        frontend.send(args("to", "backend", "topic", "accents", "body", "é".repeat(LIMIT / 2)));
    }

    @Test
    @DisplayName("revise_message refuses an oversized body and the message keeps its text")
    void reviseMessageRefusesAnOversizedBody() {
        long id = frontend.send("backend", "draft", "short text");

        ToolResult.Failure refused = frontend.refused(
                "revise_message", args("message_id", id, "body", "b".repeat(LIMIT + 1)), "INVALID_ARGUMENTS");

        assertSaysFieldLimitAndWayOut(refused, LIMIT + 1);
        assertThat(MailboxHarness.result(frontend.ok("get_thread", args("message_id", id))))
                .singleElement()
                .satisfies(message -> assertThat(message).containsEntry("body", "short text"));
    }

    @Test
    @DisplayName("pin_set refuses an oversized body, in a dry run too, and no version is written")
    void pinSetRefusesAnOversizedBody() {
        Map<String, Object> pin =
                args("key", "notes", "title", "Notes", "version", "v1", "body", "c".repeat(LIMIT + 1));

        assertSaysFieldLimitAndWayOut(frontend.refused("pin_set", pin, "INVALID_ARGUMENTS"), LIMIT + 1);
        pin.put("dry_run", true);
        assertSaysFieldLimitAndWayOut(frontend.refused("pin_set", pin, "INVALID_ARGUMENTS"), LIMIT + 1);
        assertThat(frontend.ok("pin_get", args("key", "notes"))).containsEntry("result", null);
    }

    private static void assertSaysFieldLimitAndWayOut(ToolResult.Failure refused, long bytes) {
        assertThat(refused.message())
                .startsWith("body:")
                .contains("is " + bytes + " bytes of UTF-8")
                .contains("at most 8388608 bytes")
                .contains("upload_content")
                .contains("body_ref");
    }
}
