package dev.switchboard.plugin.transport.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.switchboard.ports.plugin.PluginContext;

/** Guards trap 1: without the annotation processor PF4J finds no extension and says nothing. */
class ExtensionIndexTest {

    @Test
    void indexesTheHttpTransportExtension() throws Exception {
        List<String> indexed = new ArrayList<>();
        for (var url : Collections.list(getClass().getClassLoader().getResources("META-INF/extensions.idx"))) {
            try (InputStream in = url.openStream()) {
                indexed.addAll(new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList());
            }
        }

        assertThat(indexed).contains(HttpTransport.class.getName());
        assertThat(new HttpTransport(new PluginContext("transport-http", Map.of(), Path.of("target"))).id())
                .isEqualTo("http");
    }
}
