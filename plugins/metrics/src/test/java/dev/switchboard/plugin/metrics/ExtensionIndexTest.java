package dev.switchboard.plugin.metrics;

import org.junit.jupiter.api.Test;

import dev.switchboard.plugin.metrics.adapter.in.http.MetricsEndpoint;
import dev.switchboard.plugin.metrics.adapter.in.observer.ToolCallMetrics;
import dev.switchboard.testkit.plugin.ExtensionIndex;

/** PF4J finds extensions only through the index its annotation processor writes; without it the plugin is inert. */
class ExtensionIndexTest {

    @Test
    void theIndexListsEveryExtensionOfThePlugin() {
        ExtensionIndex index = ExtensionIndex.of(MetricsEndpoint.class);

        index.assertListsEveryExtension();
        index.assertLists(MetricsEndpoint.class, ToolCallMetrics.class);
    }
}
