package dev.switchboard.plugin.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;

import dev.switchboard.plugin.metrics.adapter.in.http.MetricsEndpoint;
import dev.switchboard.plugin.metrics.adapter.in.observer.ToolCallMetrics;

/** PF4J finds extensions only through the index its annotation processor writes; without it the plugin is inert. */
class ExtensionIndexTest {

    @Test
    void compiledClassesListTheObserverAndTheEndpointInTheExtensionIndex() throws IOException, URISyntaxException {
        Path classes = Path.of(MetricsEndpoint.class.getProtectionDomain().getCodeSource().getLocation().toURI());

        assertThat(Files.readAllLines(classes.resolve("META-INF/extensions.idx")))
                .contains(MetricsEndpoint.class.getName(), ToolCallMetrics.class.getName());
    }
}
