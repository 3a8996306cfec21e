package dev.switchboard.plugin.storage.postgres;

import org.junit.jupiter.api.Test;

import dev.switchboard.testkit.plugin.ExtensionIndex;

/** PF4J finds extensions only through the index its annotation processor writes; without it the plugin is inert. */
class ExtensionIndexTest {

    @Test
    void theIndexListsEveryExtensionOfThePlugin() {
        ExtensionIndex index = ExtensionIndex.of(PostgresStorageProvider.class);

        index.assertListsEveryExtension();
        index.assertLists(PostgresStorageProvider.class, PostgresHealthCheck.class, PostgresSecretVariables.class);
    }
}
