package dev.switchboard.plugin.mailbox.search;

import static dev.switchboard.plugin.mailbox.MailboxHarness.args;
import static dev.switchboard.plugin.mailbox.MailboxHarness.ids;
import static dev.switchboard.plugin.mailbox.MailboxHarness.result;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
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
import dev.switchboard.plugin.mailbox.channel.application.Untrusted;
import dev.switchboard.plugin.mailbox.search.application.SearchMessages;
import dev.switchboard.ports.tool.ToolDescriptor;
import dev.switchboard.ports.tool.ToolResult;

/** search_messages end to end on both backends: the same answers from SQLite's FTS5 and PostgreSQL's pg_trgm. */
@ParameterizedClass(name = "on {0}")
@ValueSource(strings = {"sqlite", "postgres"})
class SearchMessagesTest {

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

    private Map<String, Object> search(Object... keysAndValues) {
        return frontend.ok("search_messages", args(keysAndValues));
    }

    @Test
    @DisplayName("3C.97 search_messages(\"ротаци\") finds ротация and ротациями with match fts and a snippet")
    void aCyrillicStemFindsItsInflectionsThroughTheIndex() {
        long first = frontend.send("backend", "Ключи", "Ротация ключей в пятницу");
        long second = frontend.send("backend", "План", "между ротациями нет простоя");
        frontend.send("backend", "Другое", "ротор");

        Map<String, Object> found = search("query", "ротаци");

        assertThat(ids(found)).containsExactlyInAnyOrder(first, second);
        assertThat(result(found)).allSatisfy(hit -> assertThat(hit).containsEntry("match", "fts"));
        assertThat(result(found))
                .extracting(hit -> (String) hit.get("snippet"))
                .containsExactlyInAnyOrder("[Ротаци]я ключей в пятницу", "между [ротаци]ями нет простоя");
    }

    @Test
    @DisplayName("3C.97 \"merchant_id\" matches literally")
    void anUnderscoreIsLiteral() {
        long literal = frontend.send("backend", "schema", "rename merchant_id to shop_id");
        frontend.send("backend", "schema", "rename merchantXid to shop_id");

        assertThat(ids(search("query", "merchant_id"))).containsExactly(literal);
    }

    @Test
    @DisplayName("3C.97 a 2-char query term gives match substring")
    void aShortTermIsAnsweredByTheScan() {
        long ok = frontend.send("backend", "deploy", "looks ok to me");
        frontend.send("backend", "deploy", "fine");

        Map<String, Object> found = search("query", "deploy ok");

        assertThat(ids(found)).containsExactly(ok);
        assertThat(result(found).getFirst()).containsEntry("match", "substring");
        assertThat(found).doesNotContainKey("scan_cut");
    }

    @Test
    void aShortTermScanReadsTheNewestMessagesUpToItsBoundAndSaysWhereItStopped() {
        long oldest = frontend.send("backend", "deploy", "looks ok to me");
        long newest = seed(SearchMessages.SCAN_MESSAGES);
        frontend.send("backend", "deploy", "ok, the newest hit");

        Map<String, Object> found = search("query", "ok");

        assertThat(ids(found)).containsExactly(newest + 1).doesNotContain(oldest);
        assertThat(found).doesNotContainKey("truncated");
        assertThat(scanCut(found))
                .containsEntry("messages_read", SearchMessages.SCAN_MESSAGES)
                .hasEntrySatisfying(
                        "note",
                        note -> assertThat((String) note)
                                .contains("only the newest " + SearchMessages.SCAN_MESSAGES)
                                .contains("3+ characters"));
        // the filler is from another role: narrowed by from_role, the scan reaches the oldest message
        Map<String, Object> narrowed = search("query", "ok", "from_role", "frontend");
        assertThat(ids(narrowed)).containsExactly(newest + 1, oldest);
        assertThat(narrowed).doesNotContainKey("scan_cut");
    }

    /**
     * Adds {@code count} messages from another role without the short term, by JDBC after the newest message.
     *
     * <p>One {@code INSERT ... SELECT} over a recursive counter, not a batch of single-row inserts: on PostgreSQL 14 to
     * 16 the trigram indexes' {@code mailbox_fold} is a SQL function that is not inlined, so every statement execution
     * plans it afresh (its 1,434-pair mapping), twice per row; a batch of 10,000 rows took 150 s there, one statement
     * takes well under a second. The rows are the same either way.
     *
     * @return the newest id added
     */
    private long seed(int count) {
        return frontend.storage().transaction(connection -> {
            long first;
            try (PreparedStatement next = connection.prepareStatement("SELECT next_message_id FROM mailbox_channel");
                    ResultSet row = next.executeQuery()) {
                row.next();
                first = row.getLong(1);
            }
            long last = first + count - 1;
            try (PreparedStatement messages =
                    connection.prepareStatement("WITH RECURSIVE filler(id) AS (SELECT CAST(? AS BIGINT) UNION ALL"
                            + " SELECT id + 1 FROM filler WHERE id < ?)"
                            + " INSERT INTO mailbox_message (channel_id, id, from_role, to_role, topic, body, created_at)"
                            + " SELECT 1, id, 'backend', 'frontend', 'filler', 'nothing to find',"
                            + " '2026-12-01T00:00:00.000Z' FROM filler")) {
                messages.setLong(1, first);
                messages.setLong(2, last);
                assertThat(messages.executeUpdate()).isEqualTo(count);
            }
            try (PreparedStatement next =
                    connection.prepareStatement("UPDATE mailbox_channel SET next_message_id = ?")) {
                next.setLong(1, last + 1);
                next.executeUpdate();
            }
            return last;
        });
    }

    @Test
    @DisplayName("3C.97 a 4097-char query, or one with 257 terms, is refused")
    void overlongQueriesAreRefusedNamingTheLimit() {
        ToolResult.Failure tooLong =
                frontend.refused("search_messages", args("query", "x".repeat(4097)), "INVALID_ARGUMENTS");
        assertThat(tooLong.message()).startsWith("query: ").contains("4097").contains("4096");
        assertThat(tooLong.details()).containsEntry("field", "query");

        String terms = String.join(
                " ",
                java.util.stream.IntStream.range(0, 257)
                        .mapToObj(i -> "t" + i + "x")
                        .toList());
        assertThat(frontend.refused("search_messages", args("query", terms), "INVALID_ARGUMENTS")
                        .message())
                .contains("257 terms")
                .contains("256");
    }

    @Test
    @DisplayName("3C.97 NEAR(a b) combined with a short term is refused")
    void nearWithAShortTermIsRefused() {
        assertThat(frontend.refused("search_messages", args("query", "NEAR(alpha beta) ab"), "INVALID_ARGUMENTS")
                        .message())
                .contains("NEAR(...)");
    }

    @Test
    @DisplayName("3C.97 a deleted message is never returned, by the index or by the scan")
    void aDeletedMessageIsNeverReturned() {
        long kept = frontend.send("backend", "deploy", "ok go");
        long deleted = frontend.send("backend", "deploy", "ok go");
        delete(deleted);

        assertThat(ids(search("query", "deploy"))).containsExactly(kept);
        assertThat(ids(search("query", "ok"))).containsExactly(kept);
    }

    @Test
    void aQueryNestedToTheParenthesisLimitIsAnsweredByTheScan() {
        long deep = frontend.send("backend", "deep", "deepest");
        String query = "deepest";
        for (int i = 1; i < 256; i++) {
            query = "(w" + i + "x OR " + query + ")";
        }

        Map<String, Object> found = search("query", query);

        assertThat(ids(found)).containsExactly(deep);
        assertThat(result(found).getFirst()).containsEntry("match", "substring");
    }

    @Test
    void aHitInTheTopicRanksFirst() {
        long inBody = frontend.send("backend", "about other things", "the rollback plan");
        long inTopic = frontend.send("backend", "rollback", "what we do");

        assertThat(ids(search("query", "rollback"))).containsExactly(inTopic, inBody);
    }

    @Test
    void theFiltersNarrowTheHits() {
        long bug = frontend.send(
                args("to", "backend", "topic", "deploy", "body", "b", "kind", "bug", "action_required", true));
        long broadcast = frontend.send(
                args("to", List.of("backend", "infra"), "topic", "deploy", "body", "b", "kind", "status"));
        long reply = frontend.as("backend").send("frontend", "deploy", "done");

        assertThat(ids(search("query", "deploy", "from_role", "backend"))).containsExactly(reply);
        assertThat(ids(search("query", "deploy", "to_role", "infra"))).containsExactly(broadcast);
        assertThat(ids(search("query", "deploy", "to_role", "backend"))).containsExactlyInAnyOrder(bug, broadcast);
        assertThat(ids(search("query", "deploy", "kind", "bug"))).containsExactly(bug);
        assertThat(ids(search("query", "deploy", "status", "open"))).containsExactly(bug);
        assertThat(ids(search("query", "deploy", "status", "resolved"))).isEmpty();
    }

    @Test
    void anUnknownKindOrStatusIsRefusedNamingTheChoices() {
        assertThat(frontend.refused("search_messages", args("query", "deploy", "kind", "memo"), "INVALID_ARGUMENTS")
                        .message())
                .startsWith("kind: ")
                .contains("question");
        assertThat(frontend.refused("search_messages", args("query", "deploy", "status", "done"), "INVALID_ARGUMENTS")
                        .message())
                .startsWith("status: ")
                .contains("open, resolved");
    }

    @Test
    void moreHitsThanTheLimitAreTruncatedAndTheLimitIsChecked() {
        for (int i = 0; i < 3; i++) {
            frontend.send("backend", "deploy " + i, "body");
        }

        Map<String, Object> page = search("query", "deploy", "limit", 2);
        assertThat(result(page)).hasSize(2);
        assertThat(truncated(page))
                .containsEntry("limit", 2)
                .containsEntry("returned", 2)
                .hasEntrySatisfying("note", note -> assertThat((String) note).contains("limit=2"));
        assertThat(search("query", "deploy")).doesNotContainKey("truncated");
        frontend.refused("search_messages", args("query", "deploy", "limit", 0), "INVALID_ARGUMENTS");
        frontend.refused("search_messages", args("query", "deploy", "limit", 1001), "INVALID_ARGUMENTS");
    }

    @Test
    void fieldsProjectTheHitsIncludingSnippetAndMatch() {
        frontend.send("backend", "deploy", "the deploy body");

        assertThat(result(search("query", "deploy", "fields", List.of("id", "match")))
                        .getFirst())
                .containsOnlyKeys("id", "match");
        assertThat(result(search("query", "deploy", "fields", "headers")).getFirst())
                .doesNotContainKey("body")
                .containsKeys("snippet", "match", "body_sha256");
        assertThat(frontend.refused(
                                "search_messages",
                                args("query", "deploy", "fields", List.of("nope")),
                                "INVALID_ARGUMENTS")
                        .message())
                .contains("nope");
    }

    @Test
    void aQueryOutsideTheGrammarIsSearchedAsItsLiteralPieces() {
        long dashed = frontend.send("backend", "ids", "use merchant-id here");
        frontend.send("backend", "ids", "use merchant id here");

        assertThat(ids(search("query", "merchant-id"))).containsExactly(dashed);
    }

    @Test
    void resultsAndTheDescriptionCarryTheProvenanceNoteAndTheToolIsReadOnly() {
        frontend.send("backend", "deploy", "body");

        assertThat(search("query", "deploy")).containsEntry(Untrusted.FIELD, Untrusted.NOTE);
        ToolDescriptor descriptor =
                frontend.bed().tools().find("search_messages").orElseThrow();
        assertThat(descriptor.description()).contains("PROVENANCE");
        assertThat(descriptor.annotations().readOnlyHint()).isTrue();
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> scanCut(Map<String, Object> listing) {
        return (Map<String, Object>) listing.get("scan_cut");
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> truncated(Map<String, Object> listing) {
        return (Map<String, Object>) listing.get("truncated");
    }

    private void delete(long id) {
        assertThat(frontend.ok("delete_message", args("message_id", id))).containsEntry("deleted", true);
    }
}
