package dev.switchboard.plugin.handoff;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import dev.switchboard.plugin.handoff.adapter.in.resource.HandoffResources;
import dev.switchboard.plugin.handoff.adapter.in.resource.ResourcePrefetch;
import dev.switchboard.plugin.handoff.adapter.in.summary.HandoffStateSummary;
import dev.switchboard.plugin.handoff.adapter.out.persistence.HandoffMigrations;
import dev.switchboard.testkit.plugin.ExtensionIndex;

/** PF4J finds extensions only through the index its annotation processor writes; without it the plugin is inert. */
class ExtensionIndexTest {

    @Test
    void theIndexListsEveryExtensionOfThePlugin() {
        ExtensionIndex index = ExtensionIndex.of(HandoffModule.class);

        index.assertListsEveryExtension();
        index.assertLists(
                HandoffResources.class, HandoffMigrations.class, ResourcePrefetch.class, HandoffStateSummary.class);
    }

    @Test
    void theMigrationSqlIsPackagedUnderThePluginsOwnDirectory() {
        assertThat(HandoffMigrations.class.getResource("/db/migration/handoff/sqlite/V1__create_handoff_tables.sql"))
                .isNotNull();
    }
}
