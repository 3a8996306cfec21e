package dev.switchboard.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.zip.ZipFile;

import org.junit.jupiter.api.Test;

/**
 * ADR 1: {@code lib/} (the launcher's class path) holds the host and the shared libraries once; a plugin's private
 * libraries live in its zip only, where its class loader (plugin-first for everything but the shared packages) finds
 * them. A private library also in {@code lib/} is never used by its plugin, only shipped twice.
 */
class HostClassPathIT {

    private static final Path BUILT = Path.of(System.getProperty("switchboard.e2e.dist"));

    @Test
    void noPluginsPrivateLibraryIsAlsoOnTheHostClassPath() throws IOException {
        Set<String> host;
        try (Stream<Path> jars = Files.list(BUILT.resolve("lib"))) {
            host = jars.map(jar -> jar.getFileName().toString())
                    .filter(name -> name.endsWith(".jar"))
                    .map(HostClassPathIT::withoutVersion)
                    .collect(Collectors.toCollection(TreeSet::new));
        }
        List<Path> zips;
        try (Stream<Path> plugins = Files.list(BUILT.resolve("plugins"))) {
            zips = plugins.filter(zip -> zip.toString().endsWith(".zip"))
                    .sorted()
                    .toList();
        }
        Map<String, Set<String>> twice = new TreeMap<>();
        for (Path zip : zips) {
            try (ZipFile file = new ZipFile(zip.toFile())) {
                Set<String> both = file.stream()
                        .map(entry -> entry.getName())
                        .filter(name -> name.startsWith("lib/") && name.endsWith(".jar"))
                        .map(name -> withoutVersion(name.substring("lib/".length())))
                        .filter(host::contains)
                        .collect(Collectors.toCollection(TreeSet::new));
                if (!both.isEmpty()) {
                    twice.put(zip.getFileName().toString(), both);
                }
            }
        }

        assertThat(zips).as("the bundled plugins").hasSizeGreaterThan(5);
        assertThat(host).as("the host's own libraries").contains("pf4j.jar", "switchboard-kernel.jar");
        assertThat(twice).as("jars both in lib/ and in a plugin's zip").isEmpty();
    }

    /** {@code helidon-common-4.5.0.jar} as a zip names it: {@code helidon-common.jar} (zips strip versions). */
    private static String withoutVersion(String jar) {
        return jar.replaceFirst("-\\d[^/]*\\.jar$", ".jar");
    }
}
