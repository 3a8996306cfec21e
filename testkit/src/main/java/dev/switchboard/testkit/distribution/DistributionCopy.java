package dev.switchboard.testkit.distribution;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.stream.Stream;

/**
 * Copies the built layout: {@code bin/}, {@code config/}, {@code lib/}, {@code plugins/*.zip} (not the folders
 * PF4J expanded from them) and PF4J's lists of enabled and disabled plugins ({@code plugins/enabled.txt},
 * {@code plugins/disabled.txt}), so that a copy starts the plugins the built layout starts. Timestamps are kept: the
 * JVM accepts the AOT cache in {@code lib/} only for jars with the timestamps it was trained with.
 */
final class DistributionCopy {

    private DistributionCopy() {}

    /** @return the built distribution, from the system property {@code switchboard.e2e.dist} set by the build */
    static Path built() {
        String property = System.getProperty("switchboard.e2e.dist");
        if (property == null) {
            throw new IllegalStateException("system property switchboard.e2e.dist is not set; run the end-to-end "
                    + "tests through Maven (mvn -pl distribution verify)");
        }
        Path built = Path.of(property);
        if (!Files.isExecutable(built.resolve("bin/switchboard"))) {
            throw new IllegalStateException("no built distribution at " + built + "; run `package` first");
        }
        return built;
    }

    static void copy(Path built, Path home) {
        try {
            for (String folder : List.of("bin", "config", "lib")) {
                copyTree(built.resolve(folder), home.resolve(folder));
            }
            Files.createDirectories(home.resolve("plugins"));
            try (Stream<Path> files = Files.list(built.resolve("plugins"))) {
                for (Path file : files.filter(DistributionCopy::isPluginFile).toList()) {
                    Files.copy(
                            file,
                            home.resolve("plugins").resolve(file.getFileName()),
                            StandardCopyOption.COPY_ATTRIBUTES);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot copy the distribution " + built + " to " + home, e);
        }
    }

    /** A plugin zip, or PF4J's {@code enabled.txt} / {@code disabled.txt}. */
    private static boolean isPluginFile(Path path) {
        String name = path.getFileName().toString();
        return name.endsWith(".zip") || name.equals("enabled.txt") || name.equals("disabled.txt");
    }

    private static void copyTree(Path source, Path target) throws IOException {
        try (Stream<Path> paths = Files.walk(source)) {
            for (Path path : paths.toList()) {
                Path destination = target.resolve(source.relativize(path).toString());
                if (Files.isDirectory(path)) {
                    Files.createDirectories(destination);
                } else {
                    Files.copy(path, destination, StandardCopyOption.COPY_ATTRIBUTES);
                }
            }
        }
    }
}
