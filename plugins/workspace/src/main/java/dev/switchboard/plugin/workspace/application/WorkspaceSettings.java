package dev.switchboard.plugin.workspace.application;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;

import jakarta.inject.Inject;

import dev.switchboard.plugin.workspace.domain.Revision;
import dev.switchboard.ports.plugin.InvalidSettingException;
import dev.switchboard.ports.plugin.PluginContext;
import dev.switchboard.ports.plugin.PluginSettings;

/**
 * The plugin's settings ({@code plugins.workspace} in {@code application.yaml}). {@code home}: the directory that an
 * omitted or relative {@code cwd} starts from (default: the account's home, {@code user.home}). {@code roots}: the
 * directories the file tools are confined to (absent or empty: no confinement). {@code receipts.max-age-days}
 * (default {@value #DEFAULT_MAX_AGE_DAYS}) and {@code receipts.max-count} (default {@value #DEFAULT_MAX_COUNT}): how
 * long and how many request-key receipts are kept. {@code command-output-dir}: where the full output of {@code bash}
 * runs goes (default {@code <temp>/switchboard-<user>/<state key>}, where {@code <temp>} is {@code $TMPDIR} when it is
 * an absolute path and {@code java.io.tmpdir} otherwise); never inside the state directory, so that no answer carries
 * a path of the server's own state. Immutable.
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
    private final String stateKey;
    private final Path commandOutputDir;
    private final boolean defaultCommandOutputDir;

    /** @throws dev.switchboard.ports.plugin.InvalidSettingException for a malformed setting, naming it */
    @Inject
    WorkspaceSettings(PluginContext context) {
        PluginSettings values = context.settings();
        values.requireKnownKeys(
                Set.of("home", "roots", "receipts.max-age-days", "receipts.max-count", "command-output-dir"));
        this.home = Path.of(values.text("home", System.getProperty("user.home")));
        this.stateDir = context.stateDir().resolve("workspace");
        List<Path> roots = values.list("roots", List.of()).stream()
                .map(root -> PathResolver.resolve(home, home, root))
                .toList();
        this.roots = roots;
        this.confinement = new Confinement(roots);
        this.receiptMaxAge = Duration.ofDays(values.number("receipts.max-age-days", DEFAULT_MAX_AGE_DAYS, 1, 36_500));
        this.receiptMaxCount = values.number("receipts.max-count", DEFAULT_MAX_COUNT, 1, Integer.MAX_VALUE);
        this.stateKey = stateKey(stateDir);
        String configured = values.text("command-output-dir", "").strip();
        this.defaultCommandOutputDir = configured.isEmpty();
        this.commandOutputDir = defaultCommandOutputDir
                ? temporaryDirectory()
                        .resolve(
                                "switchboard-" + System.getProperty("user.name").replaceAll("[^A-Za-z0-9._-]", "_"))
                        .resolve(stateKey)
                : PathResolver.resolve(home, home, configured);
        if (commandOutputDir.startsWith(context.stateDir().toAbsolutePath().normalize())) {
            throw new InvalidSettingException(
                    "plugins.workspace.command-output-dir",
                    commandOutputDir.toString(),
                    "a directory outside the state directory " + context.stateDir()
                            + " (answers name the files in it; set TMPDIR or this key to another place)");
        }
    }

    /** The per-user temporary directory: {@code $TMPDIR} when it is absolute, else {@code java.io.tmpdir}. */
    private static Path temporaryDirectory() {
        String tmp = System.getenv("TMPDIR");
        if (tmp != null && !tmp.isBlank() && Path.of(tmp).isAbsolute()) {
            return Path.of(tmp).normalize();
        }
        return Path.of(System.getProperty("java.io.tmpdir")).toAbsolutePath().normalize();
    }

    /** 16 hex digits of the SHA-256 of the state directory's real path (its path when it does not exist). */
    private static String stateKey(Path stateDir) {
        Path real;
        try {
            real = stateDir.toAbsolutePath().normalize().toRealPath();
        } catch (IOException e) {
            real = stateDir.toAbsolutePath().normalize();
        }
        return Revision.sha256Hex(real.toString().getBytes(StandardCharsets.UTF_8))
                .substring(0, 16);
    }

    /** @return the home directory */
    public Path home() {
        return home;
    }

    /** @return the plugin's own state directory, such as {@code ~/.switchboard/workspace} */
    public Path stateDir() {
        return stateDir;
    }

    /**
     * @return 16 hex digits standing for this state directory (its real path's SHA-256), the same in every process on
     *     it; names what belongs to it outside it (command labels, the command-output directory)
     */
    String stateKey() {
        return stateKey;
    }

    /** @return the directory of {@code bash} runs' full-output files; outside {@link #stateDir()}, absolute */
    Path commandOutputDir() {
        return commandOutputDir;
    }

    /**
     * @return whether {@link #commandOutputDir()} is the default one in the shared temporary directory, whose parent
     *     (the per-user directory) must then be owner-only too
     */
    boolean commandOutputDirIsDefault() {
        return defaultCommandOutputDir;
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
