package dev.switchboard.e2e.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

import dev.switchboard.testkit.distribution.HttpServe;
import dev.switchboard.testkit.distribution.Installation;

/**
 * One {@code serve --http} of the built distribution, shipped defaults, shared by every test class of the JVM that
 * asks for it: {@code @ExtendWith(SharedHttpServe.class)} on the class and an {@link HttpServe} parameter on its
 * {@code @BeforeAll} (or on a test). The server starts on the first request, on its own copy of the distribution and
 * its own state directory (under {@code java.io.tmpdir}), and stops, its directory deleted, when the test run ends
 * (it is a value of the root context's store, which closes it). A class must not stop or restart it.
 *
 * <p>What a class sharing it must keep to (docs/testing.md, "Shared servers"): its own channels and handoff projects,
 * under names no other sharing class uses (channels and projects are per server); no assertion on what is per process
 * (metrics counters, open sessions, audit events of the whole server, the list of every channel); no special
 * configuration; no restart. The sharing classes together spend fewer 401s than the failure bucket's burst of 20
 * (ADR 22), all from 127.0.0.1, so none of them meets a 429 another caused; a class that empties the bucket on purpose
 * ({@code BoardGuessingHttpIT}) keeps a server of its own, as does a class that holds many polls at once (the cap of 64
 * per process, ADR 24). Thread-safe: the store starts the server once even for classes on two threads.
 */
public final class SharedHttpServe implements ParameterResolver {

    private static final ExtensionContext.Namespace NAMESPACE =
            ExtensionContext.Namespace.create(SharedHttpServe.class);

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return parameter.getParameter().getType() == HttpServe.class;
    }

    @Override
    public HttpServe resolveParameter(ParameterContext parameter, ExtensionContext context) {
        return context.getRoot()
                .getStore(NAMESPACE)
                .computeIfAbsent(Running.class, type -> Running.start(), Running.class)
                .server();
    }

    /** The started server and the directory of its installation; closed by the root store at the run's end. */
    private record Running(Path dir, HttpServe server) implements AutoCloseable {

        static Running start() {
            Path dir;
            try {
                dir = Files.createTempDirectory("switchboard-shared-http-");
            } catch (IOException e) {
                throw new UncheckedIOException("cannot create a directory for the shared server", e);
            }
            return new Running(
                    dir, HttpServe.start(Installation.copyOfBuilt(dir), Map.of(), dir.resolve("server.log")));
        }

        @Override
        public void close() throws IOException {
            server.close();
            try (Stream<Path> paths = Files.walk(dir)) {
                for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(path);
                }
            }
        }
    }
}
