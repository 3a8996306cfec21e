package dev.switchboard.hooks;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

import dev.switchboard.kernel.config.SwitchboardConfig;

/**
 * The configurations the direct path leaves to the full path, because only the plugins can answer them: a storage
 * other than SQLite or PostgreSQL, a PostgreSQL storage whose plugin is not certainly enabled (ADR 65), a handoff
 * consumer (whose unread handoffs count in the hooks and {@code status} through the
 * handoff plugin), and a mailbox plugin that is not certainly enabled (listed in {@code plugins/disabled.txt}, or an
 * {@code enabled.txt} present, or no {@code plugin-mailbox.zip}): the full path then reports the command as PF4J's
 * plugin states make it. Stateless.
 */
final class FullPathRules {

    /** The storage backend the direct path reads. */
    static final String SQLITE = "sqlite";

    /** The PostgreSQL backend, which the direct path reads on one connection (ADR 65). */
    static final String POSTGRES = "postgres";

    /** The plugin whose settings and zip the PostgreSQL backend has. */
    static final String STORAGE_POSTGRES = "storage-postgres";

    /** The plugin whose commands the direct path runs. */
    static final String MAILBOX = "mailbox";

    private FullPathRules() {}

    /**
     * @param config the configuration, read by the kernel's rules
     * @return why the full path must answer, or empty when the direct path may
     */
    static Optional<String> reason(SwitchboardConfig config) {
        String storage = config.kernel().storage();
        if (!SQLITE.equals(storage) && !POSTGRES.equals(storage)) {
            return Optional.of("kernel.storage is " + storage);
        }
        Object consumer = config.pluginConfig("handoff").get("consumer");
        if (consumer != null && !String.valueOf(consumer).isBlank()) {
            return Optional.of("plugins.handoff.consumer is set");
        }
        Path plugins = config.kernel().pluginsDir();
        Optional<String> mailbox = notCertainlyEnabled(plugins, MAILBOX);
        return mailbox.isPresent() || !POSTGRES.equals(storage)
                ? mailbox
                : notCertainlyEnabled(plugins, STORAGE_POSTGRES);
    }

    /** The plugin's zip present, no {@code enabled.txt}, and the plugin not listed in {@code disabled.txt}. */
    private static Optional<String> notCertainlyEnabled(Path plugins, String plugin) {
        if (!Files.isRegularFile(plugins.resolve("plugin-" + plugin + ".zip"))) {
            return Optional.of("no plugin-" + plugin + ".zip in " + plugins);
        }
        if (Files.exists(plugins.resolve("enabled.txt"))) {
            return Optional.of("plugins/enabled.txt decides which plugins run");
        }
        Path disabled = plugins.resolve("disabled.txt");
        try {
            if (Files.exists(disabled)
                    && Files.readAllLines(disabled, StandardCharsets.UTF_8).stream()
                            .anyMatch(line -> line.strip().equals(plugin))) {
                return Optional.of("the " + plugin + " plugin is disabled");
            }
        } catch (IOException e) {
            return Optional.of("cannot read " + disabled);
        }
        return Optional.empty();
    }
}
