package com.example.hello;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.example.hello.adapter.in.http.HelloEndpoint;

import dev.switchboard.ports.tool.ToolResult;
import dev.switchboard.testkit.PluginTestBed;
import dev.switchboard.testkit.plugin.ExtensionIndex;

/** The plugin wired by the kernel's own classes (the testkit's test bed); calls go through the kernel's invoker. */
class HelloPluginTest {

    @TempDir
    Path dir;

    @Test
    void theToolGreetsAndTheSchemaRefusesBadArguments() {
        try (PluginTestBed bed = PluginTestBed.of("hello", new HelloModule()).start(dir)) {
            assertThat(bed.tools().find("hello_greet")).isPresent();
            assertThat(bed.ok("hello_greet", Map.of("name", "Ada"))).containsEntry("greeting", "Hello, Ada!");
            assertThat(bed.ok("hello_greet", Map.of("name", "Ada", "shout", true)))
                    .containsEntry("greeting", "HELLO, ADA!");

            ToolResult.Failure missing = bed.refused("hello_greet", Map.of(), "INVALID_ARGUMENTS");
            bed.refused("hello_greet", Map.of("name", 7), "INVALID_ARGUMENTS");
            bed.refused("hello_greet", Map.of("name", ""), "INVALID_ARGUMENTS");
            bed.refused("hello_greet", Map.of("name", "Ada", "extra", 1), "INVALID_ARGUMENTS");
            assertThat(missing.message()).contains("name");
        }
    }

    @Test
    void theExtensionIndexListsTheEndpoint() {
        ExtensionIndex index = ExtensionIndex.of(HelloModule.class);
        index.assertListsEveryExtension();
        assertThat(index.classNames()).contains(HelloEndpoint.class.getName());
    }
}
