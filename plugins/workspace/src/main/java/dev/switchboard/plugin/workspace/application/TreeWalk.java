package dev.switchboard.plugin.workspace.application;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Map;
import java.util.function.BiPredicate;

import dev.switchboard.plugin.workspace.domain.Code;
import dev.switchboard.plugin.workspace.domain.WorkspaceException;

/**
 * Walks a directory tree for {@code find} and {@code grep}: symlinks are not followed, {@code .git} directories are
 * skipped, unreadable entries are passed over, and the visitor can stop the walk. {@code .gitignore} rules are not
 * applied yet. Stateless.
 */
final class TreeWalk {

    private TreeWalk() {
    }

    /**
     * @param root    the directory to walk
     * @param visitor called with each entry (not the root) and its attributes; returns false to stop the walk
     * @throws WorkspaceException {@link Code#EXECUTION_FAILED} when the root is not a directory
     */
    static void walk(Path root, BiPredicate<Path, BasicFileAttributes> visitor) {
        if (!Files.isDirectory(root)) {
            throw new WorkspaceException(Code.EXECUTION_FAILED, "no such directory: " + root,
                    Map.of("path", root.toString()));
        }
        try {
            Files.walkFileTree(root, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
                    if (dir.equals(root)) {
                        return FileVisitResult.CONTINUE;
                    }
                    if (dir.getFileName().toString().equals(".git")) {
                        return FileVisitResult.SKIP_SUBTREE;
                    }
                    return visitor.test(dir, attrs) ? FileVisitResult.CONTINUE : FileVisitResult.TERMINATE;
                }

                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                    return visitor.test(file, attrs) ? FileVisitResult.CONTINUE : FileVisitResult.TERMINATE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException exc) {
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            throw new WorkspaceException(Code.EXECUTION_FAILED, "cannot search " + root + ": " + e.getMessage(),
                    Map.of("path", root.toString()));
        }
    }
}
