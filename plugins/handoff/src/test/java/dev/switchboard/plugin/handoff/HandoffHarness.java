package dev.switchboard.plugin.handoff;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import com.google.inject.Injector;

import dev.switchboard.ports.storage.SqlStorage;
import dev.switchboard.ports.tool.ToolCatalog;
import dev.switchboard.ports.tool.ToolResult;
import dev.switchboard.testkit.PluginTestBed;
import dev.switchboard.testkit.storage.TestDatabase;
import dev.switchboard.testkit.storage.TestPostgres;

/**
 * The handoff plugin on the testkit's {@link PluginTestBed} (wired by the kernel on a real database: a SQLite file in
 * {@code dir}, or a new database on the test JVM's embedded PostgreSQL; calls validated by the kernel's invoker) with
 * a hand-set clock, plus the handoff steps the tests repeat. The plugin's managed service (the resource-list
 * prefetch) is left for the tests to start.
 *
 * <p>Acceptance test classes run once per backend: {@code @ParameterizedClass @ValueSource(strings = {SQLITE,
 * POSTGRES})} with a {@code @Parameter String backend} they open the harness with.
 */
final class HandoffHarness implements AutoCloseable {

    static final Instant START = Instant.parse("2026-05-01T09:00:00.000Z");

    /** The {@code kernel.storage} names of the backends every acceptance test runs on. */
    static final String SQLITE = "sqlite";

    static final String POSTGRES = "postgres";

    private final PluginTestBed bed;
    private final MutableClock clock;
    private TestDatabase owned;

    private HandoffHarness(
            Path dir,
            Map<String, Object> settings,
            MutableClock clock,
            String backend,
            Map<String, Object> storageSettings) {
        this.clock = clock;
        this.bed = PluginTestBed.of("handoff", new HandoffModule())
                .settings(settings)
                .backend(backend)
                .storageSettings(storageSettings)
                .overridePlugin(binder -> binder.bind(Clock.class).toInstance(clock))
                .withoutStartingServices()
                .start(dir);
    }

    /** @return the plugin on a SQLite database in {@code dir}, default settings, the clock at {@link #START} */
    static HandoffHarness open(Path dir) {
        return open(SQLITE, dir);
    }

    /**
     * @param backend {@link #SQLITE} (a file in {@code dir}) or {@link #POSTGRES} (a new, empty database)
     * @return the plugin on a new store of that backend, default settings
     */
    static HandoffHarness open(String backend, Path dir) {
        return open(backend, dir, Map.of());
    }

    /** @return the plugin on a new store of the backend, with the given {@code plugins.handoff} settings */
    static HandoffHarness open(String backend, Path dir, Map<String, Object> settings) {
        return switch (backend) {
            case SQLITE ->
                new HandoffHarness(dir, settings, new MutableClock(START), SQLITE, Map.of("busy-timeout-ms", 5000));
            case POSTGRES -> {
                TestDatabase database = TestPostgres.database();
                HandoffHarness harness =
                        new HandoffHarness(dir, settings, new MutableClock(START), POSTGRES, database.settings());
                harness.owned = database;
                yield harness;
            }
            default -> throw new IllegalArgumentException("no such backend: " + backend);
        };
    }

    /**
     * @return the plugin on an existing PostgreSQL database, as another node on it would be: its own storage, pool
     *         and connections
     */
    static HandoffHarness node(TestDatabase database, Path dir) {
        return node(database, dir, Map.of());
    }

    /** @return like {@link #node(TestDatabase, Path)}, with more {@code plugins.storage-postgres} settings */
    static HandoffHarness node(TestDatabase database, Path dir, Map<String, Object> storageSettings) {
        return new HandoffHarness(dir, Map.of(), new MutableClock(START), POSTGRES, database.settings(storageSettings));
    }

    /**
     * @return another server on this harness's database, with its own storage (as another process or node): on
     *         SQLite the same file in {@code dir}, on PostgreSQL the same database (which this harness still owns)
     */
    HandoffHarness another(Path dir) {
        return owned == null ? open(SQLITE, dir) : node(owned, dir);
    }

    /** @return the plugin with default settings on a storage whose SQLite busy timeout is {@code busyTimeoutMs} */
    static HandoffHarness withBusyTimeout(Path dir, int busyTimeoutMs) {
        return new HandoffHarness(
                dir, Map.of(), new MutableClock(START), SQLITE, Map.of("busy-timeout-ms", busyTimeoutMs));
    }

    MutableClock clock() {
        return clock;
    }

    SqlStorage storage() {
        return bed.storage().orElseThrow();
    }

    Injector injector() {
        return bed.injector();
    }

    ToolCatalog registry() {
        return bed.tools();
    }

    Path databaseFile() {
        return Path.of(storage().location());
    }

    /** Calls a tool through the kernel's invoker: schema validation first, then the handler. */
    ToolResult call(String tool, Map<String, Object> arguments) {
        return bed.call(tool, arguments);
    }

    /** Calls a tool that must succeed, and returns its structured content. */
    Map<String, Object> ok(String tool, Map<String, Object> arguments) {
        return bed.ok(tool, arguments);
    }

    /** Calls a tool that must succeed, and returns its text. */
    String text(String tool, Map<String, Object> arguments) {
        return bed.text(tool, arguments);
    }

    /** Calls a tool that must fail with {@code code}, and returns the failure. */
    ToolResult.Failure refused(String tool, Map<String, Object> arguments, String code) {
        return bed.refused(tool, arguments, code);
    }

    /** Registers a project and returns its canonical key. */
    String register(String project) {
        return (String)
                ok("frontispice_register_project", Map.of("project", project)).get("project");
    }

    /** Publishes a handoff with the given title and content plus required defaults; returns the receipt. */
    Map<String, Object> publish(String project, String title, String content) {
        return publish(Map.of("project", project, "title", title, "summary", "About " + title, "content", content));
    }

    /** Publishes with the given arguments; returns the receipt. */
    @SuppressWarnings("unchecked")
    Map<String, Object> publish(Map<String, Object> arguments) {
        Map<String, Object> result = ok("frontispice_publish_handoff", arguments);
        assertThat(result).containsEntry("delivery_status", "committed");
        return (Map<String, Object>) result.get("receipt");
    }

    /** @return the sequences {@code frontispice_list_updates} returns */
    @SuppressWarnings("unchecked")
    List<Long> pendingSequences(String project, String consumer, int limit) {
        Map<String, Object> result =
                ok("frontispice_list_updates", Map.of("project", project, "consumer", consumer, "limit", limit));
        return ((List<Map<String, Object>>) result.get("updates"))
                .stream()
                        .map(update -> ((Number) update.get("sequence")).longValue())
                        .toList();
    }

    /** @return a mutable copy of {@code base} with {@code key} set to {@code value} */
    static Map<String, Object> with(Map<String, Object> base, String key, Object value) {
        Map<String, Object> copy = new HashMap<>(base);
        copy.put(key, value);
        return copy;
    }

    /** Closes the plugin and its storage, and drops the PostgreSQL database it made for itself. */
    @Override
    public void close() {
        bed.close();
        if (owned != null) {
            owned.drop();
        }
    }
}
