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
 *
 * <p>{@code lib/} (about 150 MB, most of it the AOT caches) is hard-linked file by file where the file system allows
 * it (the built layout and the copy on one file system), else copied: an end-to-end run makes about a hundred
 * copies, and linking saves writing and deleting that much per copy. The linked files are the built ones: no
 * process of a copy writes into {@code lib/}, and a test that changes a jar there replaces the file (a zip file
 * system writes a new file and moves it over the old name), which leaves the built one as it was. {@code bin/},
 * {@code config/} and {@code plugins/}, which tests and the launcher's commands change, are always copied.
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
            for (String folder : List.of("bin", "config")) {
                copyTree(built.resolve(folder), home.resolve(folder), false);
            }
            copyTree(built.resolve("lib"), home.resolve("lib"), true);
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

    /** Copies {@code source} to {@code target}; with {@code link}, hard-links its files while that works. */
    private static void copyTree(Path source, Path target, boolean link) throws IOException {
        boolean linking = link;
        try (Stream<Path> paths = Files.walk(source)) {
            for (Path path : paths.toList()) {
                Path destination = target.resolve(source.relativize(path).toString());
                if (Files.isDirectory(path)) {
                    Files.createDirectories(destination);
                } else {
                    linking = linking && linked(path, destination);
                    if (!linking) {
                        Files.copy(path, destination, StandardCopyOption.COPY_ATTRIBUTES);
                    }
                }
            }
        }
    }

    /** @return whether {@code destination} is now a hard link to {@code file} (false: another file system, or none) */
    private static boolean linked(Path file, Path destination) {
        try {
            Files.createLink(destination, file);
            return true;
        } catch (IOException | UnsupportedOperationException e) {
            return false;
        }
    }
}
