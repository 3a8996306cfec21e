package dev.switchboard.plugin.workspace.application;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.switchboard.plugin.workspace.application.port.out.ReceiptStore;
import dev.switchboard.plugin.workspace.domain.Code;
import dev.switchboard.plugin.workspace.domain.WorkspaceException;

/**
 * The full-output files of {@code bash} runs: {@code <state-dir>/workspace/command-output/<receipt id>.log} (directory
 * 0700, files 0600), one per request-key receipt. A file lives as long as its receipt: {@link #prune} deletes every
 * file whose receipt was pruned (or that no receipt names, such as files of older versions), except those of calls
 * running now. Thread-safe.
 */
@Singleton
final class CommandOutputFiles {

    private static final Logger LOG = LoggerFactory.getLogger(CommandOutputFiles.class);
    private static final String SUFFIX = ".log";

    private final Path dir;

    @Inject
    CommandOutputFiles(WorkspaceSettings settings) {
        this(settings.stateDir().resolve("command-output"));
    }

    /** @param dir the directory of the files */
    CommandOutputFiles(Path dir) {
        this.dir = dir;
    }

    /**
     * @param receiptId the run's receipt id
     * @return the file its output goes to (not created); the directory exists once this returns
     * @throws WorkspaceException {@link Code#COMMAND_FAILED} when the directory cannot be created
     */
    Path forRun(String receiptId) {
        try {
            if (!Files.isDirectory(dir)) {
                Files.createDirectories(
                        dir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
            }
        } catch (IOException e) {
            throw new WorkspaceException(Code.COMMAND_FAILED, "cannot create " + dir + ": " + e.getMessage());
        }
        return dir.resolve(receiptId + SUFFIX);
    }

    /**
     * Deletes the output files whose receipt no longer exists.
     *
     * @param store the receipts
     * @param live  the receipt ids of calls running now; their files are kept
     * @return how many files were deleted
     */
    int prune(ReceiptStore store, Set<String> live) {
        if (!Files.isDirectory(dir)) {
            return 0;
        }
        Map<String, Path> files = new HashMap<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir, "*" + SUFFIX)) {
            for (Path entry : entries) {
                String name = entry.getFileName().toString();
                files.put(name.substring(0, name.length() - SUFFIX.length()), entry);
            }
        } catch (IOException e) {
            LOG.warn("cannot list {} to prune command output files: {}", dir, e.getMessage());
            return 0;
        }
        files.keySet().removeAll(live);
        files.keySet().removeAll(store.existing(files.keySet()));
        int deleted = 0;
        for (Path file : files.values()) {
            try {
                deleted += Files.deleteIfExists(file) ? 1 : 0;
            } catch (IOException e) {
                LOG.warn("cannot delete the command output file {}: {}", file, e.getMessage());
            }
        }
        return deleted;
    }
}
