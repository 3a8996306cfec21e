package dev.switchboard.kernel.cli;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;

import dev.switchboard.kernel.boot.Kernel;
import dev.switchboard.kernel.config.SwitchboardConfig;
import dev.switchboard.kernel.plugin.PluginState;
import dev.switchboard.kernel.plugin.PluginStatus;
import dev.switchboard.kernel.storage.CopyFailedException;
import dev.switchboard.kernel.storage.CopyRefusedException;
import dev.switchboard.kernel.storage.CopyReport;
import dev.switchboard.kernel.storage.KernelMigrations;
import dev.switchboard.kernel.storage.StorageCopy;
import dev.switchboard.ports.storage.Migration;
import dev.switchboard.ports.storage.MigrationSet;
import dev.switchboard.ports.storage.SqlStorage;
import dev.switchboard.ports.storage.StorageProvider;

/**
 * {@code switchboard storage copy --to BACKEND}: copies every plugin's data from the SQLite database
 * ({@code plugins.storage-sqlite}) into the empty schema of another backend ({@code plugins.storage-postgres} for
 * {@code postgres}), verifies it, and prints a line per table. Exit statuses: 0 copied and verified; 1 failed (no row
 * committed); 2 usage; 3 refused (the target is not empty, or the source is not at the installed plugins' schema
 * versions; nothing written). The plugins are loaded but not started: no server runs, the source is opened
 * read-only.
 */
final class StorageCommand implements CliCommand {

    /** Exit status of a refused copy: nothing was written. */
    static final int REFUSED = 3;

    private static final String SOURCE_BACKEND = "sqlite";

    @Override
    public String name() {
        return "storage";
    }

    @Override
    public String arguments() {
        return "copy --to BACKEND";
    }

    @Override
    public String summary() {
        return "Copy every plugin's data from the SQLite database to an empty schema of another backend.";
    }

    @Override
    public Options options() {
        return new Options()
                .addOption(Option.builder()
                        .longOpt("to")
                        .hasArg()
                        .argName("BACKEND")
                        .desc("The target backend, such as postgres; its settings are plugins.storage-<BACKEND>.")
                        .get());
    }

    @Override
    public int run(CommandLine line, Settings settings, Console console) {
        List<String> args = line.getArgList();
        if (args.size() != 1 || !args.get(0).equals("copy")) {
            throw new UsageException("expected: copy --to BACKEND", "");
        }
        String to = line.getOptionValue("to");
        if (to == null || to.isBlank()) {
            throw new UsageException("--to BACKEND is required, such as --to postgres", "");
        }
        if (to.equals(SOURCE_BACKEND)) {
            throw new UsageException("the source is the " + SOURCE_BACKEND + " database; --to must name another", "");
        }
        SwitchboardConfig config = settings.load();
        try (Kernel kernel = Kernel.prepare(config)) {
            StorageProvider source = provider(kernel, SOURCE_BACKEND);
            StorageProvider target = provider(kernel, to);
            try {
                SqlStorage opened = target.open();
                Map<String, List<Migration>> migrations = new LinkedHashMap<>();
                kernel.prepared().extensions(MigrationSet.class).values().stream()
                        .flatMap(List::stream)
                        .forEach(set -> migrations.put(set.owner(), set.migrations(opened.dialect())));
                migrations.put(KernelMigrations.OWNER, KernelMigrations.all());
                CopyReport report = new StorageCopy(
                                source.openReadOnly(),
                                opened,
                                migrations,
                                kernel.plugins().statuses().stream()
                                        .filter(s -> s.state() == PluginState.DISABLED)
                                        .map(PluginStatus::id)
                                        .toList())
                        .run();
                print(report, console);
                return Cli.OK;
            } finally {
                target.close();
            }
        } catch (CopyRefusedException e) {
            console.err().println("switchboard: " + e.getMessage());
            console.err().flush();
            return REFUSED;
        } catch (CopyFailedException e) {
            console.err().println("switchboard: " + e.getMessage());
            console.err().flush();
            return Cli.FAILED;
        }
    }

    private static StorageProvider provider(Kernel kernel, String backend) {
        List<StorageProvider> providers = kernel.prepared().extensions(StorageProvider.class).values().stream()
                .flatMap(List::stream)
                .toList();
        return providers.stream()
                .filter(p -> p.backend().equals(backend))
                .findFirst()
                .orElseThrow(() -> new IllegalStateException("no enabled plugin provides the '" + backend
                        + "' storage backend (available: "
                        + String.join(
                                ", ",
                                providers.stream().map(StorageProvider::backend).toList())
                        + ")"));
    }

    private static void print(CopyReport report, Console console) {
        long rows = 0;
        for (CopyReport.CopiedTable table : report.tables()) {
            console.out().printf("%-28s %8d rows  sha256 %s%n", table.name(), table.rows(), table.checksum());
            rows += table.rows();
        }
        console.out()
                .printf(
                        "copied %d rows in %d tables from the %s to %s; row counts and checksums equal on both"
                                + " sides%n",
                        rows, report.tables().size(), report.source(), report.target());
        console.out().flush();
    }
}
