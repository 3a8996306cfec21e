package dev.switchboard.plugin.storage.postgres.adapter.out.persistence;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;

/** The operator's documents name the minimum the code checks ({@link PostgresVersion#MINIMUM_MAJOR}), not another. */
class MinimumVersionDocumentedTest {

    private static final Path DOCS = Path.of("../../docs");

    @Test
    void deploymentAndConfigurationNameTheCheckedMinimum() throws IOException {
        String minimum = PostgresVersion.MINIMUM_MAJOR + " or newer";
        String deployment = Files.readString(DOCS.resolve("deployment.md")).replaceAll("\\s+", " ");
        String configuration =
                Files.readString(DOCS.resolve("configuration.md")).replaceAll("\\s+", " ");

        assertThat(deployment).contains("PostgreSQL (" + minimum);
        assertThat(configuration).contains("PostgreSQL " + minimum + " is required");
        assertThat(PostgresVersion.requirement()).isEqualTo("PostgreSQL " + minimum);
    }
}
