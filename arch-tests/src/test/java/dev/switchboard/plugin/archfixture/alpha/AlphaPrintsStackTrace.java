package dev.switchboard.plugin.archfixture.alpha;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Breaks {@code nothing_writes_to_standard_error_directly}: a failure dumped with printStackTrace(). */
final class AlphaPrintsStackTrace {

    long size(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            e.printStackTrace();
            return -1;
        }
    }
}
