package dev.switchboard.plugin.handoff.adapter.out.persistence;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;

import org.jooq.Field;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.switchboard.plugin.handoff.HandoffModule;
import dev.switchboard.plugin.handoff.adapter.out.persistence.HandoffTables.Records;
import dev.switchboard.testkit.PluginTestBed;

class RecordColumnsTest {

    @TempDir
    Path state;

    @Test
    void theOneColumnListNamesEveryColumnOfTheMigratedRecordTable() throws Exception {
        List<String> migrated = new ArrayList<>();
        try (PluginTestBed bed = PluginTestBed.of("handoff", new HandoffModule())
                        .withoutStartingServices()
                        .start(state);
                Connection connection = bed.storage().orElseThrow().dataSource().getConnection();
                ResultSet columns = connection.createStatement().executeQuery("PRAGMA table_info(handoff_record)")) {
            while (columns.next()) {
                migrated.add(columns.getString("name"));
            }
        }

        assertThat(Records.COLUMNS).extracting(Field::getName).containsExactlyElementsOf(migrated);
    }
}
