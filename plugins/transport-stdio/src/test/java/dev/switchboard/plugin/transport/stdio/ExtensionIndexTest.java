package dev.switchboard.plugin.transport.stdio;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import org.junit.jupiter.api.Test;

/** Guards trap 1: without the annotation processor PF4J finds no extension and says nothing. */
class ExtensionIndexTest {

    @Test
    void indexesTheStdioTransportExtension() throws Exception {
        List<String> indexed = new ArrayList<>();
        for (var url : Collections.list(getClass().getClassLoader().getResources("META-INF/extensions.idx"))) {
            try (InputStream in = url.openStream()) {
                indexed.addAll(new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList());
            }
        }

        assertThat(indexed).contains(StdioTransport.class.getName());
        assertThat(new StdioTransport().id()).isEqualTo("stdio");
    }
}
