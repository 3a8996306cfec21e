package dev.switchboard.plugin.mailbox;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import com.google.inject.Injector;
import com.google.inject.Module;

import dev.switchboard.plugin.mailbox.channel.application.Environment;
import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.storage.SqlStorage;
import dev.switchboard.ports.summary.StateSummaries;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolResult;
import dev.switchboard.testkit.PluginTestBed;
import dev.switchboard.testkit.storage.TestDatabase;
import dev.switchboard.testkit.storage.TestPostgres;

/**
 * The mailbox plugin for tests of every capability: the plugin wired by the kernel on a real database (a SQLite file
 * in {@code dir}, or a new database on the test JVM's embedded PostgreSQL), calls validated by the kernel's invoker,
 * acting as one role. {@link #as(String)} is another role on the same store: another server (as another stdio
 * session would be, with its own {@code plugins.mailbox.role}) on the same file or database. All roles share one
 * {@link TestClock}, which ticks a millisecond per reading. The process environment is not read (the
 * {@code AI_AGENT_CHANNEL_ROLE} alias comes from {@link Builder#environment}).
 *
 * <p>Acceptance test classes run once per backend:
 *
 * <pre>{@code
 * @ParameterizedClass(name = "on {0}")
 * @ValueSource(strings = {"sqlite", "postgres"})
 * class SendMessageTest {
 *     @Parameter String backend;
 *     @TempDir Path dir;
 *
 *     @Test
 *     void ... {
 *         try (MailboxHarness frontend = MailboxHarness.open(backend, dir, "frontend")) {
 *             long id = frontend.send("backend", "topic", "body");
 *             MailboxHarness backend = frontend.as("backend");
 *             ...
 * }</pre>
 */
public final class MailboxHarness implements AutoCloseable {

    /** When every harness's clock starts. */
    public static final Instant START = Instant.parse("2026-08-10T09:00:00.000Z");

    private final Shared shared;
    private final PluginTestBed bed;
    private final String role;

    /** What every role of one store shares. */
    private static final class Shared {
        final String backend;
        final Path dir;
        final TestClock clock;
        final Map<String, Object> settings;
        final Map<String, String> environment;
        final Map<String, Object> storageSettings;
        final List<Module> overrides;
        final List<Module> kernelOverrides;
        final TestDatabase database;
        final Map<String, MailboxHarness> roles = new HashMap<>();
        final List<PluginTestBed> beds = new ArrayList<>();

        Shared(Builder builder) {
            this.backend = builder.backend;
            this.dir = builder.dir;
            this.clock = new TestClock(START);
            this.settings = Map.copyOf(builder.settings);
            this.environment = Map.copyOf(builder.environment);
            this.storageSettings = Map.copyOf(builder.storageSettings);
            this.overrides = List.copyOf(builder.overrides);
            this.kernelOverrides = List.copyOf(builder.kernelOverrides);
            this.database = builder.backend.equals("postgres")
                    ? (builder.database != null ? builder.database : TestPostgres.database())
                    : null;
        }
    }

    private MailboxHarness(Shared shared, String role) {
        this.shared = shared;
        this.role = role;
        Map<String, Object> settings = new HashMap<>(shared.settings);
        if (role != null) {
            settings.put("role", role);
        }
        PluginTestBed.Builder builder = PluginTestBed.of("mailbox", new MailboxModule())
                .settings(settings)
                .backend(shared.backend)
                .storageSettings(
                        shared.database == null
                                ? Map.of("busy-timeout-ms", 5000)
                                : shared.database.settings(shared.storageSettings))
                .overridePlugin(binder -> {
                    binder.bind(Clock.class).toInstance(shared.clock);
                    binder.bind(Environment.class)
                            .toInstance(name -> Optional.ofNullable(shared.environment.get(name)));
                    shared.overrides.forEach(binder::install);
                })
                .overrideKernel(binder -> shared.kernelOverrides.forEach(binder::install))
                .withoutStartingServices();
        this.bed = builder.start(shared.dir);
        shared.beds.add(bed);
    }

    /**
     * @param backend {@code sqlite} or {@code postgres}
     * @param dir     the test's temporary directory
     * @param role    the role the first session acts as
     * @return the plugin on a new, empty store, acting as {@code role}
     */
    public static MailboxHarness open(String backend, Path dir, String role) {
        return builder(backend, dir).open(role);
    }

    /**
     * @param backend {@code sqlite} or {@code postgres}
     * @param dir     the test's temporary directory
     * @return a builder for other settings, environment or bindings
     */
    public static Builder builder(String backend, Path dir) {
        return new Builder(backend, dir);
    }

    /** Settings, environment and bindings for every role of a store. */
    public static final class Builder {
        private final String backend;
        private final Path dir;
        private final Map<String, Object> settings = new HashMap<>();
        private final Map<String, String> environment = new HashMap<>();
        private final Map<String, Object> storageSettings = new HashMap<>();
        private final List<Module> overrides = new ArrayList<>();
        private final List<Module> kernelOverrides = new ArrayList<>();
        private TestDatabase database;

        private Builder(String backend, Path dir) {
            if (!backend.equals("sqlite") && !backend.equals("postgres")) {
                throw new IllegalArgumentException("no such backend: " + backend);
            }
            this.backend = backend;
            this.dir = dir;
        }

        /** @return this, with a {@code plugins.mailbox} setting for every role */
        public Builder setting(String key, Object value) {
            settings.put(key, value);
            return this;
        }

        /** @return this, with a {@code plugins.storage-postgres} setting (PostgreSQL only), such as its timeouts */
        public Builder storageSetting(String key, Object value) {
            storageSettings.put(key, value);
            return this;
        }

        /** @return this, with a variable in the environment every role's server sees */
        public Builder environment(String name, String value) {
            environment.put(name, value);
            return this;
        }

        /**
         * @param existing a PostgreSQL database that already holds a store (an older schema, say); the harness drops
         *                 it on close. Ignored on SQLite, whose store is the file in the directory.
         * @return this, on that database instead of a new one
         */
        public Builder database(TestDatabase existing) {
            this.database = existing;
            return this;
        }

        /** @return this, with bindings that replace the plugin's own (another ProposalTally, say) */
        public Builder override(Module module) {
            overrides.add(module);
            return this;
        }

        /** @return this, with kernel bindings that replace the kernel's own (counting change signals, say) */
        public Builder overrideKernel(Module module) {
            kernelOverrides.add(module);
            return this;
        }

        /**
         * @param summaries what the kernel lists as the other plugins' state summaries (ADR 28), in place of the
         *                  plugin host's (none in a test bed)
         * @return this
         */
        public Builder summaries(StateSummaries summaries) {
            kernelOverrides.add(binder -> binder.bind(StateSummaries.class).toInstance(summaries));
            return this;
        }

        /**
         * @param role the first session's role (its {@code plugins.mailbox.role}), or null for a session without one
         * @return the plugin on a new, empty store
         */
        public MailboxHarness open(String role) {
            Shared shared = new Shared(this);
            MailboxHarness first = new MailboxHarness(shared, role);
            shared.roles.put(role, first);
            return first;
        }
    }

    /**
     * @param other a role
     * @return a session acting as {@code other} on the same store (made once per role, closed with this harness)
     */
    public MailboxHarness as(String other) {
        synchronized (shared) {
            MailboxHarness existing = shared.roles.get(other);
            if (existing == null) {
                existing = new MailboxHarness(shared, other);
                shared.roles.put(other, existing);
            }
            return existing;
        }
    }

    /** @return the role this session acts as, or null */
    public String role() {
        return role;
    }

    /** @return the clock every role shares */
    public TestClock clock() {
        return shared.clock;
    }

    /** @return the backend's name */
    public String backend() {
        return shared.backend;
    }

    /** @return this session's storage */
    public SqlStorage storage() {
        return bed.storage().orElseThrow();
    }

    /** @return this session's plugin injector */
    public Injector injector() {
        return bed.injector();
    }

    /** @return this session's test bed */
    public PluginTestBed bed() {
        return bed;
    }

    /** Calls a tool through the kernel's invoker: schema validation first, then the handler. */
    public ToolResult call(String tool, Map<String, Object> arguments) {
        return bed.call(tool, arguments);
    }

    /** Calls a tool as {@code principal} (a hosted role token's, the owner token's) through the kernel's invoker. */
    public ToolResult callAs(Principal principal, String tool, Map<String, Object> arguments) {
        return bed.call(ToolCall.detached(tool, arguments, principal));
    }

    /** Calls a tool that must succeed, and returns its structured content. */
    public Map<String, Object> ok(String tool, Map<String, Object> arguments) {
        return bed.ok(tool, arguments);
    }

    /** Calls a tool that must fail with {@code code}, and returns the failure. */
    public ToolResult.Failure refused(String tool, Map<String, Object> arguments, String code) {
        return bed.refused(tool, arguments, code);
    }

    /** Sends a plain message and returns its id. */
    public long send(Object to, String topic, String body) {
        return send(args("to", to, "topic", topic, "body", body));
    }

    /** Sends a message with these arguments and returns its id. */
    public long send(Map<String, Object> arguments) {
        return ((Number) ok("send_message", arguments).get("id")).longValue();
    }

    /** @return the entries of a listing tool's {@code result} */
    @SuppressWarnings("unchecked")
    public static List<Map<String, Object>> result(Map<String, Object> listing) {
        return (List<Map<String, Object>>) listing.get("result");
    }

    /** @return the ids of a listing tool's entries, in order */
    public static List<Long> ids(Map<String, Object> listing) {
        return result(listing).stream()
                .map(entry -> ((Number) entry.get("id")).longValue())
                .toList();
    }

    /**
     * @param keysAndValues name, value, name, value, ... (values may be null: an argument passed as JSON null)
     * @return a mutable, ordered arguments object
     */
    public static Map<String, Object> args(Object... keysAndValues) {
        if (keysAndValues.length % 2 != 0) {
            throw new IllegalArgumentException("names and values come in pairs");
        }
        Map<String, Object> arguments = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            arguments.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return arguments;
    }

    /** Closes every role's server and drops the PostgreSQL database made for the store. */
    @Override
    public void close() {
        synchronized (shared) {
            if (shared.beds.isEmpty()) {
                return;
            }
            for (PluginTestBed each : shared.beds) {
                each.close();
            }
            shared.beds.clear();
            if (shared.database != null) {
                shared.database.drop();
            }
        }
    }
}
