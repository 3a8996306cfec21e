package dev.switchboard.plugin.workspace.application;

import java.io.IOException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
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
 * The full-output files of {@code bash} runs: {@code <command-output-dir>/<receipt id>.log} (files 0600), one per
 * request-key receipt. The directory is outside the state directory, by default in the per-user temporary directory
 * ({@link WorkspaceSettings#commandOutputDir()}), so that the agent can read a file an answer names and no answer
 * names a path of the server's own state. Since the temporary directory is shared with other accounts, the directory
 * (and, for the default, its per-user parent) is created 0700, and one that exists is used only when it is a real
 * directory (not a link) owned by this account that no one else may enter; anything else refuses the run with
 * {@link Code#COMMAND_FAILED} naming the directory. A file lives as long as its receipt: {@link #prune} deletes every
 * file whose receipt was pruned (or that no receipt names), except those of calls running now, and removes the
 * {@code <state-dir>/workspace/command-output} directory of earlier versions; at shutdown {@link #removeIfEmpty}
 * removes the directory when no file is left in it. Thread-safe.
 */
@Singleton
final class CommandOutputFiles {

    private static final Logger LOG = LoggerFactory.getLogger(CommandOutputFiles.class);
    private static final String SUFFIX = ".log";
    private static final Set<PosixFilePermission> OWNER_ONLY = PosixFilePermissions.fromString("rwx------");
    private static final Set<PosixFilePermission> OWNER_FILE = PosixFilePermissions.fromString("rw-------");

    private final Path dir;
    private final boolean checkParent;
    private final Path legacyDir;

    @Inject
    CommandOutputFiles(WorkspaceSettings settings) {
        this(
                settings.commandOutputDir(),
                settings.commandOutputDirIsDefault(),
                settings.stateDir().resolve("command-output"));
    }

    /**
     * @param dir         the directory of the files
     * @param checkParent whether the directory's parent must be owner-only too (the per-user temporary directory)
     * @param legacyDir   where earlier versions kept the files (removed by {@link #prune})
     */
    CommandOutputFiles(Path dir, boolean checkParent, Path legacyDir) {
        this.dir = dir;
        this.checkParent = checkParent;
        this.legacyDir = legacyDir;
    }

    /**
     * @param receiptId the run's receipt id
     * @return the file its output goes to, created empty (0600) in the owner-only directory
     * @throws WorkspaceException {@link Code#COMMAND_FAILED} when the directory cannot be created, or exists but is
     *                            not an owner-only directory of this account
     */
    Path forRun(String receiptId) {
        Path file = dir.resolve(receiptId + SUFFIX);
        for (int attempt = 1; ; attempt++) {
            try {
                if (checkParent) {
                    ownerOnlyDirectory(dir.getParent());
                } else {
                    createParents(dir);
                }
                ownerOnlyDirectory(dir);
                // Created here, so that the directory is not empty: another process on this state directory that
                // stops now (removeIfEmpty) cannot remove it between this check and the run opening the file.
                Files.newByteChannel(
                                file,
                                Set.of(StandardOpenOption.CREATE, StandardOpenOption.WRITE),
                                PosixFilePermissions.asFileAttribute(OWNER_FILE))
                        .close();
                return file;
            } catch (NoSuchFileException e) {
                if (attempt == 3) {
                    throw cannotCreate(file, e);
                }
                // Another process removed the empty directory (or its empty parent) just now: make it again.
            } catch (IOException e) {
                throw cannotCreate(file, e);
            }
        }
    }

    private static WorkspaceException cannotCreate(Path file, IOException e) {
        return new WorkspaceException(
                Code.COMMAND_FAILED,
                "cannot create the command output file " + file + ": " + e.getMessage(),
                Map.of("effects_may_have_occurred", false));
    }

    /**
     * Removes the directory when no file is left in it, and then, for the default one, the per-user directory in the
     * temporary directory when it is empty too: a server (or a test) that ran only commands whose output fitted in the
     * answer leaves nothing behind. A directory that is not empty, or is gone, is left as it is; a run of another
     * process starting meanwhile has its file in it already ({@link #forRun}), or makes the directory again.
     */
    void removeIfEmpty() {
        if (removeEmpty(dir) && checkParent) {
            removeEmpty(dir.getParent());
        }
    }

    /** @return whether the directory is gone now */
    private static boolean removeEmpty(Path directory) {
        try {
            if (Files.isDirectory(directory, LinkOption.NOFOLLOW_LINKS)) {
                Files.delete(directory);
            }
            return true;
        } catch (DirectoryNotEmptyException | NoSuchFileException e) {
            return e instanceof NoSuchFileException;
        } catch (IOException e) {
            LOG.debug("cannot remove the empty command output directory {}: {}", directory, e.getMessage());
            return false;
        }
    }

    /**
     * @param path a path a receipt recorded
     * @return whether it is one of this directory's files (an earlier version's file in the state directory is not)
     */
    boolean holds(String path) {
        return path != null
                && Path.of(path).getParent() != null
                && Path.of(path).getParent().equals(dir);
    }

    /**
     * Compares user ids where the platform has them ({@code /proc/self} belongs to the process's user), since an
     * account without a name (a container's arbitrary uid) cannot be looked up by {@code user.name}.
     */
    private static boolean ownedByThisProcess(Path directory, UserPrincipal owner) throws IOException {
        Path self = Path.of("/proc/self");
        if (Files.exists(self)) {
            return Files.getAttribute(directory, "unix:uid", LinkOption.NOFOLLOW_LINKS)
                    .equals(Files.getAttribute(self, "unix:uid"));
        }
        return owner.equals(directory
                .getFileSystem()
                .getUserPrincipalLookupService()
                .lookupPrincipalByName(System.getProperty("user.name")));
    }

    private static void createParents(Path directory) {
        try {
            Files.createDirectories(directory.getParent());
        } catch (IOException e) {
            throw new WorkspaceException(
                    Code.COMMAND_FAILED,
                    "cannot create the parents of the command output directory " + directory + ": " + e.getMessage(),
                    Map.of("effects_may_have_occurred", false));
        }
    }

    /** @throws NoSuchFileException when the parent is missing (another process removed it while empty) */
    private static void ownerOnlyDirectory(Path directory) throws NoSuchFileException {
        try {
            Files.createDirectory(directory, PosixFilePermissions.asFileAttribute(OWNER_ONLY));
        } catch (FileAlreadyExistsException e) {
            // Checked below: it may be someone else's, or a link planted in the shared temporary directory.
        } catch (NoSuchFileException e) {
            throw e;
        } catch (IOException e) {
            throw new WorkspaceException(
                    Code.COMMAND_FAILED,
                    "cannot create the command output directory " + directory + ": " + e.getMessage(),
                    Map.of("effects_may_have_occurred", false));
        }
        String problem;
        try {
            PosixFileAttributes attributes =
                    Files.readAttributes(directory, PosixFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            problem = !attributes.isDirectory()
                    ? "is not a directory (or is a symbolic link)"
                    : !ownedByThisProcess(directory, attributes.owner())
                            ? "belongs to " + attributes.owner().getName()
                            : !OWNER_ONLY.containsAll(attributes.permissions())
                                    ? "is open to others (mode "
                                            + PosixFilePermissions.toString(attributes.permissions()) + ")"
                                    : null;
        } catch (IOException e) {
            problem = "cannot be checked (" + e.getMessage() + ")";
        }
        if (problem != null) {
            throw new WorkspaceException(
                    Code.COMMAND_FAILED,
                    "the command output directory " + directory + " " + problem
                            + "; it must be a directory of this account that only it can open. Remove it, or set"
                            + " plugins.workspace.command-output-dir to another place",
                    Map.of("effects_may_have_occurred", false));
        }
    }

    /**
     * Deletes the output files whose receipt no longer exists.
     *
     * @param store the receipts
     * @param live  the receipt ids of calls running now; their files are kept
     * @return how many files were deleted
     */
    int prune(ReceiptStore store, Set<String> live) {
        removeLegacyDirectory();
        if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
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

    /** Deletes the files earlier versions kept in the state directory: no answer may name them any more. */
    private void removeLegacyDirectory() {
        if (!Files.isDirectory(legacyDir, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(legacyDir, "*" + SUFFIX)) {
            for (Path entry : entries) {
                Files.deleteIfExists(entry);
            }
            Files.deleteIfExists(legacyDir);
        } catch (IOException e) {
            LOG.warn("cannot remove the command output files of an earlier version in {}: {}", legacyDir, e.toString());
        }
    }
}
