package dev.switchboard.kernel.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;

import dev.switchboard.ports.call.LocalSession;
import dev.switchboard.ports.cli.LocalCommand;

/** The started plugins' local commands (ADR 41): offered in turn until one answers; a stopped plugin's withdrawn. */
class LocalCommandRegistryTest {

    private final LocalCommandRegistry registry = new LocalCommandRegistry();
    private final LocalSession session = new LocalSession(Path.of("/tmp"), Map.of("ROLE", "lead"));
    private final StringWriter out = new StringWriter();

    /** Answers {@code word} with the exit status, printing the session's ROLE. */
    private static LocalCommand answering(String word, int status) {
        return (commandLine, asking, in, out, err) -> {
            if (!commandLine.equals(List.of(word))) {
                return Optional.empty();
            }
            out.print(word + " for " + asking.variable("ROLE").orElse("?"));
            return Optional.of(status);
        };
    }

    private Optional<Integer> run(String word) {
        return registry.run(
                List.of(word),
                session,
                InputStream.nullInputStream(),
                new PrintWriter(out, true),
                new PrintWriter(new StringWriter(), true));
    }

    @Test
    void theFirstPluginThatAnswersAnswersAndACommandNobodyTakesIsDeclined() {
        registry.register("first", List.of(answering("status", 1)));
        registry.register("second", List.of(answering("hook", 0), answering("status", 7)));

        assertThat(run("hook")).contains(0);
        assertThat(run("status")).contains(1);
        assertThat(run("watch")).isEmpty();
        assertThat(out.toString()).isEqualTo("hook for leadstatus for lead");
    }

    @Test
    void aWithdrawnPluginsCommandsAreNoLongerOffered() {
        registry.register("first", List.of(answering("status", 1)));
        registry.register("second", List.of(answering("status", 7)));

        registry.unregister("first");

        assertThat(run("status")).contains(7);
        registry.unregister("second");
        assertThat(run("status")).isEmpty();
    }
}
