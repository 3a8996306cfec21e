package dev.switchboard.plugin.transport.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.switchboard.ports.plugin.PluginContext;
import dev.switchboard.testkit.plugin.ExtensionIndex;

/** Guards trap 1: without the annotation processor PF4J finds no extension and says nothing. */
class ExtensionIndexTest {

    @Test
    void theIndexListsEveryExtensionOfThePlugin() {
        ExtensionIndex index = ExtensionIndex.of(HttpTransport.class);

        index.assertListsEveryExtension();
        index.assertLists(HttpTransport.class);
    }

    @Test
    void theTransportIsCalledHttp() {
        assertThat(new HttpTransport(new PluginContext("transport-http", Map.of(), Path.of("target"))).id())
                .isEqualTo("http");
    }
}
