package dev.switchboard.plugin.workspace.application;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Map;
import java.util.function.BiPredicate;

import dev.switchboard.plugin.workspace.domain.Code;
import dev.switchboard.plugin.workspace.domain.WorkspaceException;

/**
 * Walks a directory tree for {@code find} and {@code grep}: symlinks are not followed, {@code .git} directories are
 * skipped, inside a Git work tree the entries that {@code .gitignore} rules ignore are skipped (see
 * {@link IgnoreRules}; an ignored directory is not entered), unreadable entries are passed over, and the visitor can
 * stop the walk. A root that is a symlink to a directory is walked at its target, and the entries are named under
 * the root as given (symlinks below the root are still not followed). Stateless.
 */
final class TreeWalk {

    private TreeWalk() {}

    /**
     * @param root    the directory to walk
     * @param visitor called with each entry (not the root) and its attributes; returns false to stop the walk
     * @throws WorkspaceException {@link Code#EXECUTION_FAILED} when the root is not a directory
     */
    static void walk(Path root, BiPredicate<Path, BasicFileAttributes> visitor) {
        if (!Files.isDirectory(root)) {
            throw new WorkspaceException(
                    Code.EXECUTION_FAILED, "no such directory: " + root, Map.of("path", root.toString()));
        }
        // walkFileTree does not follow a symlinked start, so it would visit the link as a file: walk its target.
        Path start = RealPath.resolved(root, root, "no such directory: " + root);
        Deque<IgnoreRules> rules = new ArrayDeque<>();
        try {
            Files.walkFileTree(start, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
                    if (dir.equals(start)) {
                        rules.push(IgnoreRules.forRoot(start));
                        return FileVisitResult.CONTINUE;
                    }
                    if (dir.getFileName().toString().equals(".git")
                            || rules.peek().ignores(dir, true)) {
                        return FileVisitResult.SKIP_SUBTREE;
                    }
                    if (!visitor.test(named(dir), attrs)) {
                        return FileVisitResult.TERMINATE;
                    }
                    rules.push(rules.peek().enter(dir));
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult postVisitDirectory(Path dir, IOException exc) {
                    rules.pop();
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                    if (rules.peek().ignores(file, attrs.isDirectory())) {
                        return FileVisitResult.CONTINUE;
                    }
                    return visitor.test(named(file), attrs) ? FileVisitResult.CONTINUE : FileVisitResult.TERMINATE;
                }

                private Path named(Path entry) {
                    return start.equals(root) ? entry : root.resolve(start.relativize(entry));
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException exc) {
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            throw new WorkspaceException(
                    Code.EXECUTION_FAILED,
                    "cannot search " + root + ": " + e.getMessage(),
                    Map.of("path", root.toString()));
        }
    }
}
