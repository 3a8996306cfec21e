package dev.switchboard.kernel.plugin;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import dev.switchboard.kernel.testplugins.broken.BrokenModule;
import dev.switchboard.kernel.testplugins.broken.BrokenPlugin;
import dev.switchboard.kernel.testplugins.greeter.GreetCommand;
import dev.switchboard.kernel.testplugins.greeter.GreeterMigrations;
import dev.switchboard.kernel.testplugins.greeter.GreeterModule;
import dev.switchboard.kernel.testplugins.greeter.GreeterPlugin;
import dev.switchboard.kernel.testplugins.lifecycle.JournalHealth;
import dev.switchboard.kernel.testplugins.lifecycle.JournalService;
import dev.switchboard.kernel.testplugins.memstore.MemStorage;

/** Installs the kernel's test plugins into a plugins directory, for tests outside this package. */
public final class TestPlugins {

    private TestPlugins() {}

    /**
     * @param pluginsDir the directory; created if missing
     * @throws IOException if writing fails
     */
    public static void installGreeterAndStorage(Path pluginsDir) throws IOException {
        Files.createDirectories(pluginsDir);
        TestPluginFolder.write(pluginsDir, "memstore", null, null, List.of(MemStorage.class));
        TestPluginFolder.write(
                pluginsDir,
                "greeter",
                GreeterPlugin.class,
                GreeterModule.class,
                List.of(GreeterMigrations.class, GreetCommand.class));
    }

    /**
     * @param pluginsDir the directory
     * @throws IOException if writing fails
     */
    public static void installBroken(Path pluginsDir) throws IOException {
        TestPluginFolder.write(pluginsDir, "broken", BrokenPlugin.class, BrokenModule.class, List.of());
    }

    /**
     * Installs {@code lifecycle}: a managed service and a health check that record into
     * {@link dev.switchboard.kernel.testplugins.lifecycle.Journal}.
     *
     * @param pluginsDir the directory
     * @throws IOException if writing fails
     */
    public static void installLifecycle(Path pluginsDir) throws IOException {
        TestPluginFolder.write(pluginsDir, "lifecycle", null, null, List.of(JournalService.class, JournalHealth.class));
    }
}
