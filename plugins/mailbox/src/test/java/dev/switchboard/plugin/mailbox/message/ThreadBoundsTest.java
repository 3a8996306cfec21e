package dev.switchboard.plugin.mailbox.message;

import static dev.switchboard.plugin.mailbox.MailboxHarness.args;
import static dev.switchboard.plugin.mailbox.MailboxHarness.ids;
import static dev.switchboard.plugin.mailbox.MailboxHarness.result;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
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

import tools.jackson.databind.json.JsonMapper;

import dev.switchboard.plugin.mailbox.MailboxHarness;
import dev.switchboard.plugin.mailbox.channel.domain.Digest;
import dev.switchboard.ports.content.Content;
import dev.switchboard.ports.tool.ToolResult;

/**
 * The bounds of get_thread's answer: the named message whole, the others cut as in listings, at most
 * 1 MiB of them around the named one, and {@code truncated} naming where to read on.
 */
@ParameterizedClass(name = "on {0}")
@ValueSource(strings = {"sqlite", "postgres"})
class ThreadBoundsTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final int CHARS = 100_000;
    private static final int CUT = 65_536;
    private static final int MIB = 1024 * 1024;

    @Parameter
    String backend;

    @TempDir
    Path dir;

    private MailboxHarness frontend;
    private MailboxHarness backendRole;

    @BeforeEach
    void open() {
        frontend = MailboxHarness.open(backend, dir, "frontend");
        backendRole = frontend.as("backend");
    }

    @AfterEach
    void close() {
        frontend.close();
    }

    /** @return the ids of a thread of {@code size} messages of {@link #CHARS} characters, each replying to the last */
    private List<Long> thread(int size) {
        List<Long> ids = new ArrayList<>();
        for (int i = 0; i < size; i++) {
            MailboxHarness author = i % 2 == 0 ? frontend : backendRole;
            Map<String, Object> message =
                    args("to", i % 2 == 0 ? "backend" : "frontend", "topic", "part " + i, "body", body(i));
            if (!ids.isEmpty()) {
                message.put("reply_to", ids.getLast());
            }
            ids.add(author.send(message));
        }
        return ids;
    }

    private static String body(int i) {
        return ("m" + i + " ").repeat(CHARS / 3 + 1).substring(0, CHARS);
    }

    @Test
    @DisplayName("get_thread shows the message it names whole and every other one cut at 65,536 characters with"
            + " body_cut, its length and digest the whole body's")
    void getThreadShowsTheNamedMessageWholeAndTheOthersCut() {
        List<Long> ids = thread(4);

        for (int named : List.of(0, 2)) {
            Map<String, Object> answer = frontend.ok("get_thread", args("message_id", ids.get(named)));

            assertThat(ids(answer)).isEqualTo(ids);
            assertThat(answer).doesNotContainKey("truncated");
            List<Map<String, Object>> entries = result(answer);
            for (int i = 0; i < ids.size(); i++) {
                Map<String, Object> entry = entries.get(i);
                Digest whole = Digest.of(body(i));
                assertThat(entry).containsEntry("body_sha256", whole.sha256());
                assertThat(number(entry, "body_length_chars")).isEqualTo(CHARS);
                if (i == named) {
                    assertThat(entry).containsEntry("body", body(i)).doesNotContainKey("body_cut");
                } else {
                    assertThat(entry).containsEntry("body", body(i).substring(0, CUT));
                    @SuppressWarnings("unchecked")
                    Map<String, Object> cut = (Map<String, Object>) entry.get("body_cut");
                    assertThat(number(cut, "shown_chars")).isEqualTo(CUT);
                    assertThat(number(cut, "length_chars")).isEqualTo(CHARS);
                    assertThat((String) cut.get("read_whole")).contains("get_thread (message_id=" + ids.get(i) + ")");
                }
            }
        }
    }

    @Test
    @DisplayName("a thread past 1 MiB answers the named message whole and an unbroken run around it within the cap;"
            + " truncated names the message_id to read on from on each side")
    void aLargeThreadAnswersARunAroundTheNamedMessageAndSaysWhereToReadOn() {
        List<Long> ids = thread(24);
        long named = ids.get(12);

        ToolResult.Success call = (ToolResult.Success) frontend.call("get_thread", args("message_id", named));

        String text = ((Content.Text) call.content().getFirst()).text();
        int oneCutEntry = 70_000;
        assertThat(text.getBytes(StandardCharsets.UTF_8).length).isLessThanOrEqualTo(MIB + CHARS + oneCutEntry);
        assertThat(call.structuredContent()).as("a large answer travels once").isNull();
        @SuppressWarnings("unchecked")
        Map<String, Object> answer = JSON.readValue(text, Map.class);
        List<Long> shown = ids(answer);
        int first = ids.indexOf(shown.getFirst());
        assertThat(shown)
                .as("an unbroken run of the thread around the named message")
                .hasSizeBetween(10, 23)
                .isEqualTo(ids.subList(first, first + shown.size()))
                .contains(named);
        assertThat(first).isPositive();
        assertThat(first + shown.size()).isLessThan(ids.size());
        assertThat(result(answer).get(shown.indexOf(named))).containsEntry("body", body(12));
        @SuppressWarnings("unchecked")
        Map<String, Object> truncated = (Map<String, Object>) answer.get("truncated");
        assertThat(number(truncated, "returned")).isEqualTo(shown.size());
        assertThat(number(truncated, "thread_messages")).isEqualTo(24);
        assertThat(number(truncated, "max_bytes")).isEqualTo(MIB);
        long earlier = ids.get(first - 1);
        long later = ids.get(first + shown.size());
        assertThat(number(truncated, "earlier_message_id")).isEqualTo(earlier);
        assertThat(number(truncated, "later_message_id")).isEqualTo(later);
        assertThat((String) truncated.get("note"))
                .contains("message_id=" + earlier, "message_id=" + later, "fields=\"headers\"");

        Map<String, Object> onward = frontend.ok("get_thread", args("message_id", earlier));
        assertThat(result(onward).get(ids(onward).indexOf(earlier))).containsEntry("body", body(first - 1));
        assertThat(ids(frontend.ok("get_thread", args("message_id", named, "fields", "headers"))))
                .as("without bodies the whole thread fits")
                .isEqualTo(ids);
    }

    private static long number(Map<String, Object> entry, String key) {
        return ((Number) entry.get(key)).longValue();
    }
}
