package dev.switchboard.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.switchboard.ports.plugin.InvalidSettingException;
import dev.switchboard.ports.tool.ToolDescriptor;
import dev.switchboard.ports.tool.UnknownToolException;
import dev.switchboard.testkit.sample.Journal;
import dev.switchboard.testkit.sample.SampleModule;

/** The test bed wires the sample plugin (test sources, indexed by PF4J's processor) through the kernel. */
class PluginTestBedTest {

    @TempDir
    Path dir;

    @Test
    void callsReachTheToolWithThePluginsSettings() {
        try (PluginTestBed bed = PluginTestBed.of("sample", new SampleModule())
                .settings(Map.of("greeting", "Good morning"))
                .start(dir)) {
            assertThat(bed.text("sample_greet", Map.of("name", "Ada"))).isEqualTo("Good morning, Ada");
            assertThat(bed.ok("sample_greet", Map.of("name", "Ada"))).containsEntry("greeted", "Ada");
            assertThat(bed.contributions().toolNames()).containsExactly("sample_greet");
            assertThat(bed.tools().tools()).extracting(ToolDescriptor::name).containsExactly("sample_greet");
        }
    }

    @Test
    void argumentsAreValidatedAgainstTheSchemaBeforeTheHandlerRuns() {
        try (PluginTestBed bed = PluginTestBed.of("sample", new SampleModule()).start(dir)) {
            assertThat(bed.refused("sample_greet", Map.of("name", 7), "INVALID_ARGUMENTS")
                            .details())
                    .containsEntry("field", "name");
            bed.refused("sample_greet", Map.of("name", "Ada", "extra", true), "INVALID_ARGUMENTS");
        }
    }

    @Test
    void aThrowingHandlerIsAnInternalErrorWithACorrelationIdAndNoStackTrace() {
        try (PluginTestBed bed = PluginTestBed.of("sample", new SampleModule()).start(dir)) {
            assertThat(bed.refused("sample_greet", Map.of("name", "boom"), "INTERNAL_ERROR")
                            .message())
                    .contains("correlation id detached")
                    .doesNotContain("IllegalStateException");
        }
    }

    @Test
    void anUnknownToolIsRefusedAsTheKernelRefusesIt() {
        try (PluginTestBed bed = PluginTestBed.of("sample", new SampleModule()).start(dir)) {
            assertThatThrownBy(() -> bed.call("no_such_tool", Map.of())).isInstanceOf(UnknownToolException.class);
        }
    }

    @Test
    void managedServicesStartWithTheBedAndStopWhenItCloses() {
        Journal journal;
        try (PluginTestBed bed = PluginTestBed.of("sample", new SampleModule()).start(dir)) {
            journal = bed.injector().getInstance(Journal.class);
            assertThat(journal.entries()).containsExactly("started");
        }
        assertThat(journal.entries()).containsExactly("started", "stopped");
    }

    @Test
    void servicesCanBeLeftForTheTestToStart() {
        try (PluginTestBed bed = PluginTestBed.of("sample", new SampleModule())
                .withoutStartingServices()
                .start(dir)) {
            assertThat(bed.injector().getInstance(Journal.class).entries()).isEmpty();
            assertThat(bed.contributions().services()).hasSize(1);
        }
    }

    @Test
    void aSettingThePluginDoesNotReadFailsTheStartAsItWouldFailThePlugin() {
        assertThatThrownBy(() -> PluginTestBed.of("sample", new SampleModule())
                        .settings(Map.of("greting", "Hi"))
                        .start(dir))
                .isInstanceOf(InvalidSettingException.class)
                .hasMessageContaining("plugins.sample.greting");
    }

    @Test
    void pluginBindingsCanBeOverriddenForATest() {
        Journal own = new Journal();
        try (PluginTestBed bed = PluginTestBed.of("sample", new SampleModule())
                .overridePlugin(binder -> binder.bind(Journal.class).toInstance(own))
                .start(dir)) {
            assertThat(own.entries()).containsExactly("started");
        }
    }

    @Test
    void withoutAStorageAdapterOnTheClassPathThereIsNoStorage() {
        try (PluginTestBed bed = PluginTestBed.of("sample", new SampleModule()).start(dir)) {
            assertThat(bed.storage()).isEmpty();
            assertThat(bed.stateDir()).isEqualTo(dir);
        }
    }
}
