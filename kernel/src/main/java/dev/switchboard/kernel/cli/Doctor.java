package dev.switchboard.kernel.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Set;

import dev.switchboard.kernel.auth.ServeAuthCheck;
import dev.switchboard.kernel.boot.Kernel;
import dev.switchboard.kernel.config.SwitchboardConfig;
import dev.switchboard.kernel.plugin.PluginState;
import dev.switchboard.kernel.plugin.PluginStatus;
import dev.switchboard.kernel.plugin.SessionChecks;
import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.tool.ToolDescriptor;
import dev.switchboard.secretfiles.SecretFile;
import dev.switchboard.secretfiles.SecretFileRefusal;

/**
 * Runs the doctor's checks: the configuration, the permissions of the state directory, owner token file and
 * database, whether serving would expose an unauthenticated listener, then boots the kernel without transports,
 * inspects it, and shuts it down. It never creates the owner token, and creates no state: when the state directory
 * does not exist yet, is empty or holds only the owner token, the kernel is booted on an empty temporary one, deleted
 * afterwards.
 */
final class Doctor {

    private static final int MIN_JAVA = 21;
    private final Settings options;
    private final DoctorReport report = new DoctorReport();

    Doctor(Settings options) {
        this.options = options;
    }

    DoctorReport examine() {
        checkJava();
        SwitchboardConfig config;
        try {
            config = options.load();
            report.ok("configuration " + (config.source() == null ? "(defaults; no file)" : config.source()));
        } catch (RuntimeException e) {
            report.problem("configuration: " + e.getMessage());
            return report;
        }
        Path stateDir = config.kernel().stateDir();
        if (Files.exists(stateDir) && !Files.isDirectory(stateDir)) {
            report.problem("state directory " + stateDir + " is not a directory; point kernel.state-dir (or "
                    + "--state-dir) at a directory, or move the file away");
            return report;
        }
        checkOwnerOnly("state directory", stateDir);
        checkAuthentication(config);
        try (ScratchState scratch =
                ScratchState.unlessHoldsState(stateDir, config.kernel().auth().tokenFile())) {
            scratch.directory()
                    .ifPresent(dir -> report.ok("plugins are checked against an empty temporary state "
                            + "directory, removed afterwards, since " + stateDir
                            + " holds no state yet (the doctor creates "
                            + "none)"));
            examineKernel(scratch.directory()
                    .map(dir -> config.withKernel(config.kernel().withStateDir(dir)))
                    .orElse(config));
        }
        return report;
    }

    private void examineKernel(SwitchboardConfig config) {
        try (Kernel kernel = Kernel.start(config)) {
            checkPlugins(kernel);
            checkStorage(kernel);
            checkTransports(kernel, config);
            new PluginHealthChecks(report).examine(kernel.plugins().healthChecks());
            SessionChecks.problems(kernel.prepared(), Principal.LOCAL_OWNER)
                    .forEach(problem -> report.problem(problem + " (serve over stdio refuses to start)"));
            report.ok(kernel.tools().tools().size() + " tools, names unique: "
                    + String.join(
                            ", ",
                            kernel.tools().tools().stream()
                                    .map(ToolDescriptor::name)
                                    .toList()));
        } catch (RuntimeException e) {
            report.problem("start-up: " + e.getMessage());
        }
    }

    private void checkJava() {
        int feature = Runtime.version().feature();
        String line = "Java " + Runtime.version() + " (" + System.getProperty("java.home") + ")";
        if (feature >= MIN_JAVA) {
            report.ok(line);
        } else {
            report.problem(line + ": Java " + MIN_JAVA + " or newer is required");
        }
    }

    private void checkPlugins(Kernel kernel) {
        report.ok("plugins directory " + kernel.config().kernel().pluginsDir());
        for (PluginStatus status : kernel.plugins().statuses()) {
            String line = "plugin " + status.id() + " " + status.version() + ": "
                    + status.state().name().toLowerCase(java.util.Locale.ROOT)
                    + (status.state() == PluginState.STARTED
                            ? ", " + status.tools().size() + " tools"
                            : "");
            if (status.state() == PluginState.FAILED) {
                report.problem(line + ": " + status.error());
            } else {
                report.ok(line);
            }
        }
    }

    private void checkStorage(Kernel kernel) {
        kernel.storage()
                .ifPresentOrElse(
                        storage -> {
                            report.ok("storage " + storage.backend() + " at " + storage.location());
                            Path file = Path.of(storage.location());
                            if (Files.exists(file)) {
                                checkOwnerOnly("database file", file);
                            }
                        },
                        () -> report.problem("storage: no storage backend is open: "
                                + kernel.plugins().storageUnavailableReason().orElse("unknown reason")));
    }

    private void checkTransports(Kernel kernel, SwitchboardConfig config) {
        for (String id : config.kernel().transports()) {
            boolean available = kernel.plugins().transports().stream().anyMatch(t -> t.id().equals(id));
            if (available) {
                report.ok("transport " + id + " available");
            } else {
                report.problem("transport " + id + " is configured but no started plugin provides it");
            }
        }
    }

    private void checkAuthentication(SwitchboardConfig config) {
        ServeAuthCheck.unauthenticatedExposure(config).ifPresent(report::problem);
        if (config.kernel().auth().required()) {
            checkOwnerTokenFile(config.kernel().auth().tokenFile());
        } else {
            report.ok("authentication is off (kernel.auth.required: false): HTTP may bind loopback addresses only");
        }
    }

    private void checkOwnerOnly(String what, Path path) {
        if (!Files.exists(path)) {
            report.ok(what + " " + path + " (not created yet)");
            return;
        }
        try {
            Set<PosixFilePermission> permissions = SecretFile.groupOrOthersAccess(path);
            if (permissions.isEmpty()) {
                report.ok(what + " " + path + " is owner-only");
            } else {
                report.problem(what + " " + path + " is accessible to group or others " + permissions
                        + "; run: chmod go-rwx " + path);
            }
        } catch (IOException | UnsupportedOperationException e) {
            report.problem(what + " " + path + ": cannot read permissions: " + e.getMessage());
        }
    }

    /** The owner token file by the whole secret-file rule, as serving reads it; its content is never shown. */
    private void checkOwnerTokenFile(Path path) {
        String what = "owner token file";
        if (!Files.exists(path, LinkOption.NOFOLLOW_LINKS)) {
            report.ok(what + " " + path + " (not created yet)");
            return;
        }
        try {
            SecretFile.readOwnerOnly(path);
            report.ok(what + " " + path + " is owner-only");
        } catch (SecretFileRefusal e) {
            if (e.reason() == SecretFileRefusal.Reason.MODE_BITS) {
                checkOwnerOnly(what, path);
            } else {
                report.problem(what + " " + e.getMessage());
            }
        }
    }
}
