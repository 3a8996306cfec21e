package dev.switchboard.plugin.handoff;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;

import dev.switchboard.plugin.handoff.adapter.in.resource.HandoffResources;
import dev.switchboard.plugin.handoff.adapter.in.resource.ResourcePrefetch;
import dev.switchboard.plugin.handoff.adapter.out.persistence.HandoffMigrations;

/** PF4J finds extensions only through the index its annotation processor writes; without it the plugin is inert. */
class ExtensionIndexTest {

    @Test
    void theIndexListsTheResourcesTheMigrationsAndThePrefetch() throws Exception {
        Path classes = Path.of(HandoffMigrations.class.getProtectionDomain().getCodeSource().getLocation().toURI());

        assertThat(Files.readAllLines(classes.resolve("META-INF/extensions.idx"))).contains(
                HandoffResources.class.getName(), HandoffMigrations.class.getName(),
                ResourcePrefetch.class.getName());
    }

    @Test
    void theMigrationSqlIsPackagedUnderThePluginsOwnDirectory() {
        assertThat(HandoffMigrations.class.getResource("/db/migration/handoff/V1__create_handoff_tables.sql"))
                .isNotNull();
    }
}
