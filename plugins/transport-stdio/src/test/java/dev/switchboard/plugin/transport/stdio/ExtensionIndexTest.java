package dev.switchboard.plugin.transport.stdio;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import dev.switchboard.testkit.plugin.ExtensionIndex;

/** Guards trap 1: without the annotation processor PF4J finds no extension and says nothing. */
class ExtensionIndexTest {

    @Test
    void theIndexListsEveryExtensionOfThePlugin() {
        ExtensionIndex index = ExtensionIndex.of(StdioTransport.class);

        index.assertListsEveryExtension();
        index.assertLists(StdioTransport.class);
        index.assertLists(AttachTransport.class);
    }

    @Test
    void theTransportIsCalledStdio() {
        assertThat(new StdioTransport().id()).isEqualTo("stdio");
    }
}
