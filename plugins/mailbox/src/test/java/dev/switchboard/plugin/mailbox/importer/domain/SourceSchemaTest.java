package dev.switchboard.plugin.mailbox.importer.domain;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.switchboard.ports.tool.ErrorCode;

class SourceSchemaTest {

    private static Map<String, List<String>> currentTables() {
        Map<String, List<String>> tables = new LinkedHashMap<>();
        SourceSchema.tables().forEach(table -> tables.put(table, SourceSchema.columns(table)));
        return tables;
    }

    @Test
    void aLegacyCrcStampIsNotANewerVersionButEverythingBetweenTwoAndTheFloorIs() {
        assertThat(SourceSchema.isNewer(0)).isFalse();
        assertThat(SourceSchema.isNewer(2)).isFalse();
        assertThat(SourceSchema.isNewer(3)).isTrue();
        assertThat(SourceSchema.isNewer(9_999)).isTrue();
        assertThat(SourceSchema.isNewer(184_234_251)).as("the last crc32 stamp").isFalse();
    }

    @Test
    void aNewerFileWithOnlyKnownColumnsAndBookkeepingTablesIsRead() {
        Map<String, List<String>> tables = currentTables();
        tables.put("channel_meta", List.of("key", "value"));
        tables.put("messages_fts_data", List.of("id", "block"));
        tables.put("sqlite_sequence", List.of("name", "seq"));

        assertThat(SourceSchema.verdict(new SourceShape(7, tables))).isEmpty();
    }

    @Test
    void anUnknownTableIsRefusedOnlyFromANewerBuildAndAnUnknownColumnAlways() {
        Map<String, List<String>> tables = currentTables();
        tables.put("role_settings", List.of("role", "value"));
        assertThat(SourceSchema.verdict(new SourceShape(2, tables))).isEmpty();
        assertThat(SourceSchema.verdict(new SourceShape(3, tables)))
                .hasValueSatisfying(problem ->
                        assertThat(problem.message()).contains("user_version 3").contains("[role_settings]"));

        Map<String, List<String>> extraColumn = currentTables();
        extraColumn.put("content_blobs", List.of("id", "role", "body", "created_at", "mime"));
        assertThat(SourceSchema.verdict(new SourceShape(0, extraColumn))).hasValueSatisfying(problem -> {
            assertThat(problem.code()).isEqualTo(ErrorCode.CONFLICT);
            assertThat(problem.message()).contains("[content_blobs.mime]");
        });
    }

    @Test
    void aFileWithoutTheMessagesTableIsNotAChannelDatabase() {
        assertThat(SourceSchema.verdict(new SourceShape(0, Map.of("things", List.of("id")))))
                .hasValueSatisfying(problem -> assertThat(problem.code()).isEqualTo(ErrorCode.INVALID_ARGUMENTS));
    }

    @Test
    void aBroadcastWithoutRecipientRowsGoesToEveryOtherRoleTheFileShows() {
        SourceMessage broadcast = new SourceMessage(
                5,
                "frontend",
                "*",
                "t",
                "b",
                false,
                null,
                "2026-01-01T00:00:00.000Z",
                null,
                null,
                null,
                null,
                "status",
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                true,
                null,
                "2026-01-02T00:00:00.000Z",
                null,
                List.of());

        assertThat(LegacyRows.deliveries(broadcast, java.util.Set.of("frontend", "backend", "infra", "*")))
                .containsExactly(
                        new SourceMessage.Delivery("backend", "2026-01-02T00:00:00.000Z", "2026-01-02T00:00:00.000Z"),
                        new SourceMessage.Delivery("infra", "2026-01-02T00:00:00.000Z", "2026-01-02T00:00:00.000Z"));
        assertThat(LegacyRows.status(true, null)).isEqualTo("open");
        assertThat(LegacyRows.status(false, null)).isNull();
    }
}
