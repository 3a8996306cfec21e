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
 * The bounds of a listing's answer: bodies cut at 65,536 characters with their whole length and
 * digest, entries stopped at 1 MiB of JSON with {@code truncated.max_bytes}, and a large answer carried once.
 */
@ParameterizedClass(name = "on {0}")
@ValueSource(strings = {"sqlite", "postgres"})
class ListingCapTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Parameter
    String backend;

    @TempDir
    Path dir;

    private MailboxHarness frontend;

    @BeforeEach
    void open() {
        frontend = MailboxHarness.builder(backend, dir).open("frontend");
    }

    @AfterEach
    void close() {
        frontend.close();
    }

    @Test
    @DisplayName("a body over 65,536 characters is cut in read_inbox, list_messages and search_messages with body_cut;"
            + " its length and digest are the whole body's; get_thread shows it whole")
    void aLongBodyIsCutInListingsWithItsWholeLengthAndDigest() {
        String body = "caf\u00e9 \ud83d\ude00 ".repeat(150_000) + "needle";
        long id = frontend.as("backend").send("frontend", "long", body);
        Digest whole = Digest.of(body);

        for (Map<String, Object> entry : List.of(
                result(frontend.ok("read_inbox", args())).getFirst(),
                result(frontend.ok("list_messages", args())).getFirst(),
                result(frontend.ok("search_messages", args("query", "long"))).getFirst())) {
            String shown = (String) entry.get("body");
            assertThat(shown.codePointCount(0, shown.length())).isEqualTo(65_536);
            assertThat(body).startsWith(shown);
            assertThat(entry).containsEntry("body_sha256", whole.sha256());
            assertThat(number(entry, "body_length_bytes")).isEqualTo(whole.bytes());
            assertThat(number(entry, "body_length_chars")).isEqualTo(whole.chars());
            @SuppressWarnings("unchecked")
            Map<String, Object> cut = (Map<String, Object>) entry.get("body_cut");
            assertThat(number(cut, "shown_chars")).isEqualTo(65_536L);
            assertThat(number(cut, "length_chars")).isEqualTo(whole.chars());
            assertThat(cut)
                    .containsEntry(
                            "read_whole",
                            "the body is cut at 65536 characters in listings and threads; get_thread (message_id=" + id
                                    + ") shows it whole");
        }
        assertThat(result(frontend.ok("get_thread", args("message_id", id))).getFirst())
                .containsEntry("body", body)
                .doesNotContainKey("body_cut");
    }

    @Test
    @DisplayName("read_inbox stops at 1 MiB of entries: the newest that fit, only they delivered, truncated with"
            + " max_bytes; the headers list them all")
    void readInboxReturnsTheNewestThatFitAndDeliversOnlyThem() {
        List<Long> sent = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            sent.add(frontend.as("backend").send("frontend", "part " + i, ("p" + i + " ").repeat(20_000)));
        }

        Map<String, Object> inbox = frontend.ok("read_inbox", args());

        List<Long> shown = ids(inbox);
        assertThat(shown).hasSizeBetween(10, 19).isEqualTo(sent.subList(20 - shown.size(), 20));
        assertThat(JSON.writeValueAsBytes(inbox.get("result")).length).isLessThanOrEqualTo(1024 * 1024);
        @SuppressWarnings("unchecked")
        Map<String, Object> truncated = (Map<String, Object>) inbox.get("truncated");
        assertThat(truncated)
                .containsEntry("limit", 50)
                .containsEntry("returned", shown.size())
                .containsEntry("max_bytes", 1024 * 1024);
        assertThat((String) truncated.get("note")).contains("fields=\"headers\"");
        Map<Long, Object> opened = new java.util.HashMap<>();
        for (Map<String, Object> entry : result(frontend.as("backend").ok("list_messages", args("limit", 1000)))) {
            opened.put(((Number) entry.get("id")).longValue(), entry.get("opened_at"));
        }
        assertThat(sent)
                .allSatisfy(message -> assertThat(opened.get(message) != null)
                        .as("delivered: %s", message)
                        .isEqualTo(shown.contains(message)));
        assertThat(ids(frontend.ok("read_inbox", args("fields", "headers")))).isEqualTo(sent);
    }

    @Test
    @DisplayName("an answer over 64 Ki characters of JSON is carried once, as text; a small one also as structured"
            + " content")
    void aLargeAnswerTravelsOnce() {
        frontend.as("backend").send("frontend", "big", "lorem ipsum ".repeat(17_000));

        ToolResult.Success large = (ToolResult.Success) frontend.call("read_inbox", args());
        ToolResult.Success small = (ToolResult.Success) frontend.call("read_inbox", args("fields", "headers"));

        assertThat(large.structuredContent()).isNull();
        assertThat(large.content()).hasSize(1);
        String text = ((Content.Text) large.content().getFirst()).text();
        assertThat(text.getBytes(StandardCharsets.UTF_8).length).isBetween(65_536, 70_000);
        assertThat(text).contains("\"body_cut\"");
        assertThat(ids(JSON.readValue(text, Map.class))).hasSize(1);
        assertThat(small.structuredContent()).isNotNull();
        assertThat(JSON.readValue(((Content.Text) small.content().getFirst()).text(), Map.class))
                .isEqualTo(JSON.readValue(JSON.writeValueAsString(small.structuredContent()), Map.class));
    }

    private static long number(Map<String, Object> entry, String key) {
        return ((Number) entry.get(key)).longValue();
    }
}
