package dev.switchboard.plugin.workspace.application;

import java.nio.file.Path;

import jakarta.inject.Inject;

import dev.switchboard.ports.plugin.PluginContext;

/**
 * The plugin's settings ({@code plugins.workspace} in {@code application.yaml}). {@code home}: the directory that an
 * omitted or relative {@code cwd} starts from (default: the account's home, {@code user.home}). Immutable.
 */
public final class WorkspaceSettings {

    /** At most this many workspaces are open at once. */
    public static final int MAX_WORKSPACES = 64;

    private final Path home;
    private final Path stateDir;

    @Inject
    WorkspaceSettings(PluginContext context) {
        this.home = Path.of(context.setting("home").orElse(System.getProperty("user.home")));
        this.stateDir = context.stateDir().resolve("workspace");
    }

    /** @return the home directory */
    public Path home() {
        return home;
    }

    /** @return the plugin's own state directory, such as {@code ~/.switchboard/workspace} */
    public Path stateDir() {
        return stateDir;
    }
}
