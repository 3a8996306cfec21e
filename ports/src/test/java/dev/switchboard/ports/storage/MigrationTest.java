package dev.switchboard.ports.storage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.UncheckedIOException;

import org.junit.jupiter.api.Test;

class MigrationTest {

    @Test
    void readsVersionDescriptionAndSqlFromAConventionallyNamedResource() {
        Migration migration =
                Migration.fromResource(MigrationTest.class, "/db/migration/sample/V2__create_sample_things.sql");

        assertThat(migration.version()).isEqualTo(2);
        assertThat(migration.description()).isEqualTo("create sample things");
        assertThat(migration.sql()).startsWith("CREATE TABLE sample_thing");
    }

    @Test
    void refusesAFileNameOutsideTheConvention() {
        assertThatThrownBy(() -> Migration.fromResource(MigrationTest.class, "/db/migration/sample/create.sql"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("V<n>__<description>.sql");
    }

    @Test
    void missingResourceNamesThePath() {
        assertThatThrownBy(() -> Migration.fromResource(MigrationTest.class, "/db/migration/sample/V9__gone.sql"))
                .isInstanceOf(UncheckedIOException.class)
                .hasMessageContaining("V9__gone.sql");
    }
}
