package dev.switchboard.plugin.mailbox.search.adapter.out.persistence;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;
import java.util.function.Function;

import org.jooq.DSLContext;
import org.jooq.SQLDialect;
import org.jooq.impl.DSL;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ValueSource;

import dev.switchboard.plugin.mailbox.MailboxStore;
import dev.switchboard.plugin.mailbox.search.application.SearchMessages;
import dev.switchboard.plugin.mailbox.search.application.port.out.MessageSearch;
import dev.switchboard.plugin.mailbox.search.application.port.out.SearchFilters;
import dev.switchboard.plugin.mailbox.search.domain.ScanMatcher;
import dev.switchboard.plugin.mailbox.search.domain.SearchPath;
import dev.switchboard.plugin.mailbox.search.domain.SearchPlan;
import dev.switchboard.plugin.mailbox.search.domain.SearchQueries;
import dev.switchboard.ports.storage.SqlStorage;

/** The trigram index and the scan on real databases: the same answers on SQLite (FTS5) and PostgreSQL (pg_trgm). */
@ParameterizedClass(name = "on {0}")
@ValueSource(strings = {"sqlite", "postgres"})
class SearchSqlTest {

    /** The scan's bound in the tool, far above these tests' few messages. */
    private static final int BOUND = SearchMessages.SCAN_MESSAGES;

    @Parameter
    String backend;

    @TempDir
    Path dir;

    private MailboxStore store;
    private SqlStorage storage;
    private long channel;

    @BeforeEach
    void open() {
        store = MailboxStore.open(backend, dir);
        storage = store.storage();
        channel = storage.transaction(connection -> {
            try (PreparedStatement insert = connection.prepareStatement(
                    "INSERT INTO mailbox_channel (name, created_at) VALUES ('local', '2026-12-01T00:00:00.000Z')")) {
                insert.executeUpdate();
            }
            return 1L;
        });
    }

    @AfterEach
    void close() {
        store.close();
    }

    @Test
    @DisplayName("3C.97 ротаци finds ротация and ротациями through the index, in any case")
    void aCyrillicStemFindsItsInflectionsThroughTheIndex() {
        message(1, "frontend", "backend", "план", "Ротация ключей");
        message(2, "frontend", "backend", "план", "между ротациями");
        message(3, "frontend", "backend", "план", "ротор");

        assertThat(ranked("ротаци")).containsExactlyInAnyOrder(1L, 2L);
        assertThat(ranked("РОТАЦИ")).containsExactlyInAnyOrder(1L, 2L);
    }

    @Test
    @DisplayName("3C.97 merchant_id matches literally")
    void anUnderscoreIsLiteralNotAWildcard() {
        message(1, "frontend", "backend", "t", "rename merchant_id now");
        message(2, "frontend", "backend", "t", "rename merchantXid now");
        message(3, "frontend", "backend", "t", "50% off");
        message(4, "frontend", "backend", "t", "500 off");

        assertThat(ranked("merchant_id")).containsExactly(1L);
        assertThat(ranked("\"50% o\"")).containsExactly(3L);
    }

    @Test
    @DisplayName("3C.97 a deleted message is never returned, by the index or the scan")
    void aDeletedMessageIsNeverReturned() {
        message(1, "frontend", "backend", "deploy", "ok go");
        message(2, "frontend", "backend", "deploy", "ok go");
        sql("UPDATE mailbox_message SET deleted_at = '2026-12-01T01:00:00.000Z' WHERE id = 2");

        assertThat(ranked("deploy")).containsExactly(1L);
        assertThat(scanned("ok")).containsExactly(1L);
    }

    @Test
    void aRevisedBodyIsFoundByItsNewTextOnly() {
        message(1, "frontend", "backend", "t", "the old wording");
        sql("UPDATE mailbox_message SET body = 'the new phrasing' WHERE id = 1");

        assertThat(ranked("wording")).isEmpty();
        assertThat(ranked("phrasing")).containsExactly(1L);
    }

    @Test
    void aHitInTheTopicRanksAboveAHitInTheBodyAndTiesGoNewestFirst() {
        message(1, "frontend", "backend", "about other things", "rollback plan for the release");
        message(2, "frontend", "backend", "rollback", "what we do");
        message(3, "frontend", "backend", "about other things", "rollback plan for the release");

        assertThat(ranked("rollback")).containsExactly(2L, 3L, 1L);
    }

    @Test
    void theTopicGroupComesFirstNewestFirstAndTheLimitCutsAcrossTheGroups() {
        message(1, "frontend", "backend", "rollback", "x");
        message(2, "frontend", "backend", "t", "rollback");
        message(3, "frontend", "backend", "rollback now", "rollback");
        message(4, "frontend", "backend", "t", "the rollback");

        assertThat(ranked("rollback")).containsExactly(3L, 1L, 4L, 2L);
        assertThat(ranked("rollback", 3)).containsExactly(3L, 1L, 4L);
        assertThat(ranked("rollback", 1)).containsExactly(3L);
        assertThat(ranked("rollback NOT topic:now")).containsExactly(1L, 4L, 2L);
        assertThat(ranked("topic:rollback")).containsExactly(3L, 1L);
        assertThat(ranked("rollback the")).as("a longer query").containsExactly(4L);
        assertThat(ranked("rollback OR body:the")).as("terms joined by OR").containsExactly(3L, 1L, 4L, 2L);
        assertThat(ranked("body:rollback"))
                .as("a body-only term puts no hit in the topic group")
                .containsExactly(4L, 3L, 2L);
        assertThat(ranked("rollback NOT rollback")).isEmpty();
    }

    @Test
    void theTopicGroupFollowsARevisedTopicADeletionAndARemovedRow() {
        message(1, "frontend", "backend", "rollback", "x");
        message(2, "frontend", "backend", "rollback plan", "the rollback");
        message(3, "frontend", "backend", "t", "rollback");
        message(4, "frontend", "backend", "rollback", "y");

        sql("UPDATE mailbox_message SET topic = 'other' WHERE id = 1");
        sql("UPDATE mailbox_message SET topic = 'ROLLBACK now' WHERE id = 3");
        sql("UPDATE mailbox_message SET deleted_at = '2026-12-01T01:00:00.000Z' WHERE id = 4");

        assertThat(ranked("rollback")).containsExactly(3L, 2L);
        assertThat(ranked("rollback OR nothing")).containsExactly(3L, 2L);
        assertThat(ranked("topic:rollback")).containsExactly(3L, 2L);
        assertThat(ranked("other")).containsExactly(1L);

        sql("UPDATE mailbox_message SET deleted_at = NULL WHERE id = 4");
        sql("DELETE FROM mailbox_recipient WHERE message_id = 2");
        sql("DELETE FROM mailbox_message WHERE id = 2");

        assertThat(ranked("rollback")).containsExactly(4L, 3L);
    }

    @Test
    void theStructuralFiltersNarrowTheTopicGroup() {
        message(1, "frontend", "backend", "deploy", "x", "bug", "open");
        message(2, "backend", "frontend", "deploy", "y", "feat", "resolved");
        message(3, "frontend", "backend", "t", "deploy", "bug", "open");

        assertThat(ranked("deploy", new SearchFilters("backend", null, null, null)))
                .containsExactly(2L);
        assertThat(ranked("deploy", new SearchFilters(null, "backend", null, null)))
                .containsExactly(1L, 3L);
        assertThat(ranked("deploy", new SearchFilters(null, null, "bug", "open")))
                .containsExactly(1L, 3L);
    }

    @Test
    void columnFiltersOrAndNotSelectOnTheIndex() {
        message(1, "frontend", "backend", "deploy", "staging");
        message(2, "frontend", "backend", "staging", "deploy");
        message(3, "frontend", "backend", "release", "prod");

        assertThat(ranked("topic:deploy")).containsExactly(1L);
        assertThat(ranked("body:deploy")).containsExactly(2L);
        assertThat(ranked("topic:(deploy OR release)")).containsExactlyInAnyOrder(1L, 3L);
        assertThat(ranked("deploy NOT topic:staging")).containsExactly(1L);
        assertThat(ranked("deploy OR prod")).containsExactlyInAnyOrder(1L, 2L, 3L);
    }

    @Test
    void theStructuralFiltersNarrowBothPaths() {
        message(1, "frontend", "backend", "deploy", "ok", "bug", "open");
        message(2, "backend", "frontend", "deploy", "ok", "feat", "resolved");
        message(3, "infra", "*", "deploy", "ok", "status", null);
        recipient(3, "frontend");
        recipient(3, "backend");

        for (Function<SearchFilters, List<Long>> search : List.<Function<SearchFilters, List<Long>>>of(
                filters -> ranked("deploy", filters), filters -> scanned("ok", filters))) {
            assertThat(search.apply(new SearchFilters("backend", null, null, null)))
                    .containsExactly(2L);
            assertThat(search.apply(new SearchFilters(null, "backend", null, null)))
                    .containsExactly(3L, 1L);
            assertThat(search.apply(new SearchFilters(null, null, "feat", null)))
                    .containsExactly(2L);
            assertThat(search.apply(new SearchFilters(null, null, null, "open")))
                    .containsExactly(1L);
        }
    }

    @Test
    void theScanFindsShortTermsNewestFirstAndStopsAtTheLimit() {
        message(1, "frontend", "backend", "t", "it is ok");
        message(2, "frontend", "backend", "t", "not okay");
        message(3, "frontend", "backend", "t", "nothing");
        message(4, "frontend", "backend", "t", "OK then");

        assertThat(scanned("ok")).containsExactly(4L, 2L, 1L);
        assertThat(SearchSql.scanned(jooqRead(), channel, matcher("ok"), SearchFilters.NONE, 2, BOUND)
                        .ids())
                .containsExactly(4L, 2L);
    }

    @Test
    void theScanReadsAtMostItsBoundNewestFirstAndSaysWhenItStoppedThere() {
        message(1, "frontend", "backend", "t", "ok, the oldest");
        message(2, "frontend", "backend", "t", "nothing");
        message(3, "frontend", "backend", "t", "it is ok");
        message(4, "frontend", "backend", "t", "nothing either");

        MessageSearch.Scan cut = storage.transaction(
                connection -> SearchSql.scanned(jooq(connection), channel, matcher("ok"), SearchFilters.NONE, 50, 3));
        MessageSearch.Scan whole = storage.transaction(
                connection -> SearchSql.scanned(jooq(connection), channel, matcher("ok"), SearchFilters.NONE, 50, 4));
        MessageSearch.Scan full = storage.transaction(
                connection -> SearchSql.scanned(jooq(connection), channel, matcher("ok"), SearchFilters.NONE, 1, 3));

        assertThat(cut).isEqualTo(new MessageSearch.Scan(List.of(3L), 3, false));
        assertThat(whole).isEqualTo(new MessageSearch.Scan(List.of(3L, 1L), 4, true));
        assertThat(full).isEqualTo(new MessageSearch.Scan(List.of(3L), 2, true));
    }

    @Test
    void theIndexAndTheScanFindTheSameMessagesForEveryQueryOfTheGrammar() {
        message(1, "frontend", "backend", "Deploy window", "Rotate keys before the release; merchant_id stays");
        message(2, "frontend", "backend", "Release notes", "Ротация ключей и deploy");
        message(3, "frontend", "backend", "keys", "the \"quoted\" word and ROTATE");
        message(4, "frontend", "backend", "misc", "nothing to see");

        for (String query : List.of(
                "deploy",
                "rotate keys",
                "rotate OR ротац",
                "(deploy OR release) NOT misc",
                "topic:release",
                "body:(keys OR word)",
                "\"quoted\"\" word\"",
                "merchant_id",
                "rel* NOT topic:deploy")) {
            SearchPlan.Ready plan = (SearchPlan.Ready) SearchQueries.plan(query);
            assertThat(plan.path()).as(query).isEqualTo(SearchPath.INDEX);
            assertThat(ranked(query))
                    .as(query)
                    .containsExactlyInAnyOrderElementsOf(SearchSql.scanned(
                                    jooqRead(), channel, ScanMatcher.of(plan.root()), SearchFilters.NONE, 50, BOUND)
                            .ids());
        }
    }

    @Test
    void aQueryNestedAsDeepAsTheIndexPathTakesIsAnsweredByTheIndexAsByTheScan() {
        message(1, "frontend", "backend", "t", "deepest");
        message(2, "frontend", "backend", "t", "w2x only");
        String query = nested(SearchQueries.MAX_INDEX_NESTING);
        SearchPlan.Ready plan = (SearchPlan.Ready) SearchQueries.plan(query);

        assertThat(plan.root().depth()).isEqualTo(SearchQueries.MAX_INDEX_NESTING);
        assertThat(ranked(query))
                .containsExactlyInAnyOrderElementsOf(SearchSql.scanned(
                                jooqRead(), channel, ScanMatcher.of(plan.root()), SearchFilters.NONE, 50, BOUND)
                        .ids())
                .containsExactly(1L);
    }

    /** @return a query whose operators nest {@code depth} deep, alternating AND and OR around "deepest" */
    static String nested(int depth) {
        String query = "deepest";
        for (int i = 1; i <= depth; i++) {
            query = "(" + (i % 2 == 0 ? "w" + i + "x OR " : "deepest AND ") + query + ")";
        }
        return query;
    }

    private List<Long> ranked(String query) {
        return ranked(query, SearchFilters.NONE);
    }

    private List<Long> ranked(String query, SearchFilters filters) {
        return ranked(query, filters, 50);
    }

    private List<Long> ranked(String query, int limit) {
        return ranked(query, SearchFilters.NONE, limit);
    }

    private List<Long> ranked(String query, SearchFilters filters, int limit) {
        SearchPlan.Ready plan = (SearchPlan.Ready) SearchQueries.plan(query);
        assertThat(plan.path()).as(query).isEqualTo(SearchPath.INDEX);
        return storage.transaction(
                connection -> SearchSql.ranked(jooq(connection), channel, plan.root(), filters, limit));
    }

    private List<Long> scanned(String query) {
        return scanned(query, SearchFilters.NONE);
    }

    private List<Long> scanned(String query, SearchFilters filters) {
        return storage.transaction(
                connection -> SearchSql.scanned(jooq(connection), channel, matcher(query), filters, 50, BOUND)
                        .ids());
    }

    private static ScanMatcher matcher(String query) {
        return ScanMatcher.of(((SearchPlan.Ready) SearchQueries.plan(query)).root());
    }

    private DSLContext jooqRead() {
        return DSL.using(storage.dataSource(), dialect());
    }

    private DSLContext jooq(Connection connection) {
        return DSL.using(connection, dialect());
    }

    private SQLDialect dialect() {
        return SQLDialect.valueOf(storage.dialect().jooqName());
    }

    private void message(long id, String from, String to, String topic, String body) {
        message(id, from, to, topic, body, null, null);
    }

    private void message(long id, String from, String to, String topic, String body, String kind, String status) {
        storage.transaction(connection -> {
            try (PreparedStatement insert = connection.prepareStatement(
                    "INSERT INTO mailbox_message (channel_id, id, from_role, to_role, topic, body, created_at, kind,"
                            + " status) VALUES (?, ?, ?, ?, ?, ?, '2026-12-01T00:00:00.000Z', ?, ?)")) {
                insert.setLong(1, channel);
                insert.setLong(2, id);
                insert.setString(3, from);
                insert.setString(4, to);
                insert.setString(5, topic);
                insert.setString(6, body);
                insert.setString(7, kind);
                insert.setString(8, status);
                insert.executeUpdate();
            }
            if (!to.equals("*")) {
                insertRecipient(connection, id, to);
            }
            return null;
        });
    }

    private void recipient(long id, String role) {
        storage.transaction(connection -> {
            insertRecipient(connection, id, role);
            return null;
        });
    }

    private void insertRecipient(Connection connection, long id, String role) throws SQLException {
        try (PreparedStatement insert = connection.prepareStatement(
                "INSERT INTO mailbox_recipient (channel_id, message_id, to_role) VALUES (?, ?, ?)")) {
            insert.setLong(1, channel);
            insert.setLong(2, id);
            insert.setString(3, role);
            insert.executeUpdate();
        }
    }

    private void sql(String statement) {
        storage.transaction(connection -> {
            try (PreparedStatement update = connection.prepareStatement(statement)) {
                update.executeUpdate();
            }
            return null;
        });
    }
}
