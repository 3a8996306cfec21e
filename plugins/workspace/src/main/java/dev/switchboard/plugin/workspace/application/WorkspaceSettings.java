package dev.switchboard.plugin.workspace.application;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;

import jakarta.inject.Inject;

import dev.switchboard.ports.plugin.PluginContext;
import dev.switchboard.ports.plugin.PluginSettings;

/**
 * The plugin's settings ({@code plugins.workspace} in {@code application.yaml}). {@code home}: the directory that an
 * omitted or relative {@code cwd} starts from (default: the account's home, {@code user.home}). {@code roots}: the
 * directories the file tools are confined to (absent or empty: no confinement). {@code receipts.max-age-days}
 * (default {@value #DEFAULT_MAX_AGE_DAYS}) and {@code receipts.max-count} (default {@value #DEFAULT_MAX_COUNT}): how
 * long and how many request-key receipts are kept. Immutable.
 */
public final class WorkspaceSettings {

    /** At most this many workspaces are open at once. */
    public static final int MAX_WORKSPACES = 64;
    /** Receipts older than this many days are pruned when nothing is configured. */
    static final long DEFAULT_MAX_AGE_DAYS = 90;
    /** At most this many receipts are kept when nothing is configured. */
    static final long DEFAULT_MAX_COUNT = 100_000;

    private final Path home;
    private final Path stateDir;
    private final Confinement confinement;
    private final Duration receiptMaxAge;
    private final long receiptMaxCount;
    private final List<Path> roots;

    /** @throws dev.switchboard.ports.plugin.InvalidSettingException for a malformed setting, naming it */
    @Inject
    WorkspaceSettings(PluginContext context) {
        PluginSettings values = context.settings();
        values.requireKnownKeys(Set.of("home", "roots", "receipts.max-age-days", "receipts.max-count"));
        this.home = Path.of(values.text("home", System.getProperty("user.home")));
        this.stateDir = context.stateDir().resolve("workspace");
        List<Path> roots = values.list("roots", List.of()).stream()
                .map(root -> PathResolver.resolve(home, home, root))
                .toList();
        this.roots = roots;
        this.confinement = new Confinement(roots);
        this.receiptMaxAge = Duration.ofDays(values.number("receipts.max-age-days", DEFAULT_MAX_AGE_DAYS, 1, 36_500));
        this.receiptMaxCount = values.number("receipts.max-count", DEFAULT_MAX_COUNT, 1, Integer.MAX_VALUE);
    }

    /** @return the home directory */
    public Path home() {
        return home;
    }

    /** @return the plugin's own state directory, such as {@code ~/.switchboard/workspace} */
    public Path stateDir() {
        return stateDir;
    }

    /** @return the configured confinement roots, absolute (a relative one resolved from {@link #home()}); empty: off */
    public List<Path> roots() {
        return roots;
    }

    /** @return the roots the file tools are confined to; admits everything when none are configured */
    Confinement confinement() {
        return confinement;
    }

    /** @return receipts older than this are pruned */
    Duration receiptMaxAge() {
        return receiptMaxAge;
    }

    /** @return at most this many receipts are kept (the newest) */
    long receiptMaxCount() {
        return receiptMaxCount;
    }
}
