package dev.switchboard.e2e.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Stream;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

import dev.switchboard.testkit.distribution.HttpServe;
import dev.switchboard.testkit.distribution.Installation;

/**
 * One {@code serve --http} of the built distribution for one test class, shared by its tests: registered as
 * {@code @RegisterExtension static final ClassHttpServe SERVER = ClassHttpServe.shippedDefaults();} (or
 * {@link #withEnvironment(Map)} for a configuration of the class's own), it starts the server before the class's
 * {@code @BeforeAll} methods, on its own copy of the distribution in a new directory under {@code java.io.tmpdir}, and
 * stops it (SIGTERM, then a kill) and deletes that directory after the class's {@code @AfterAll} methods. Tests and
 * lifecycle methods take the server as an {@link HttpServe} parameter or through {@link #server()}.
 *
 * <p>For a class that needs a server of its own (a configuration, per-process assertions, a restart; see
 * docs/testing.md, "Shared servers") but whose tests can share it: each test then uses its own channels and
 * projects. A class whose tests may share one server with other classes uses {@link SharedHttpServe} instead.
 *
 * <p>Not thread-safe: one class's lifecycle calls it, in turn (JUnit's, on the class's thread).
 */
public final class ClassHttpServe implements BeforeAllCallback, AfterAllCallback, ParameterResolver {

    private final Map<String, String> environment;
    private Path dir;
    private Installation installation;
    private HttpServe server;

    private ClassHttpServe(Map<String, String> environment) {
        this.environment = Map.copyOf(environment);
    }

    /** @return a server with the shipped defaults */
    public static ClassHttpServe shippedDefaults() {
        return new ClassHttpServe(Map.of());
    }

    /**
     * @param environment variables set on the server's process on top of the installation's, e.g.
     *     {@code SWITCHBOARD_PLUGINS__TRANSPORT_HTTP__...}
     * @return a server started with them
     */
    public static ClassHttpServe withEnvironment(Map<String, String> environment) {
        return new ClassHttpServe(environment);
    }

    @Override
    public void beforeAll(ExtensionContext context) throws IOException {
        dir = Files.createTempDirectory(
                "switchboard-" + context.getRequiredTestClass().getSimpleName() + "-");
        installation = Installation.copyOfBuilt(dir.resolve("server"));
        server = HttpServe.start(installation, environment, dir.resolve("server.log"));
    }

    @Override
    public void afterAll(ExtensionContext context) throws IOException {
        try {
            if (server != null) {
                server.close();
            }
        } finally {
            server = null;
            installation = null;
            if (dir != null) {
                delete(dir);
                dir = null;
            }
        }
    }

    /**
     * @return the running server
     * @throws IllegalStateException outside the class's lifecycle
     */
    public HttpServe server() {
        if (server == null) {
            throw new IllegalStateException("the class's server runs only between its @BeforeAll and @AfterAll");
        }
        return server;
    }

    /** @return the installation the server serves (its home and state directory) */
    public Installation installation() {
        return Objects.requireNonNull(installation, "the class's server is not running");
    }

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return parameter.getParameter().getType() == HttpServe.class;
    }

    @Override
    public HttpServe resolveParameter(ParameterContext parameter, ExtensionContext context) {
        return server();
    }

    private static void delete(Path root) throws IOException {
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                try {
                    Files.deleteIfExists(path);
                } catch (IOException e) {
                    throw new UncheckedIOException("cannot delete " + path, e);
                }
            }
        }
    }
}
