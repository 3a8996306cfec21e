package dev.switchboard.plugin.workspace;

import static dev.switchboard.plugin.workspace.WorkspaceHarness.args;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchEvent;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.switchboard.ports.tool.ToolResult;

/**
 * With confinement on, a write whose parent directory is swapped for a symlink to a directory outside the
 * roots never creates a file outside, not even a temp file for a moment. A swap thread keeps replacing the parent by
 * such a symlink and putting it back, while an inotify watch on the outside directory records every name created.
 *
 * <p>A write recreates a missing parent, so in the moment between moving the parent aside and placing the symlink a
 * write may put a fresh {@code sub} there; the swapper then moves that one aside too and goes on, instead of dying and
 * leaving the parent unswapped for the rest of the run (which once made "refused" zero on a loaded CI host). The loop
 * runs until both outcomes were seen, bounded by time.
 */
class ParentSwapTest {

    @TempDir
    Path state;

    @TempDir
    Path base;

    @Test
    @DisplayName("a parent swapped for an outside symlink during writes never receives a temp file")
    void noByteLandsOutsideTheRootsWhileTheParentIsSwapped() throws Exception {
        Path root = Files.createDirectory(base.resolve("root"));
        Path parent = Files.createDirectory(root.resolve("sub"));
        Path aside = root.resolve("sub-aside");
        Path outside = Files.createDirectory(base.resolve("outside"));
        Set<String> createdOutside = ConcurrentHashMap.newKeySet();
        AtomicBoolean running = new AtomicBoolean(true);
        AtomicInteger swaps = new AtomicInteger();
        AtomicReference<Throwable> swapFailure = new AtomicReference<>();
        try (WorkspaceHarness harness = new WorkspaceHarness(state, base, Map.of("roots", List.of(root.toString())));
                WatchService watch = outside.getFileSystem().newWatchService()) {
            outside.register(watch, StandardWatchEventKinds.ENTRY_CREATE);
            String id = harness.open(root);
            Thread swapper = Thread.ofPlatform().daemon().start(() -> {
                try {
                    swap(parent, aside, root, outside, running, swaps);
                } catch (Throwable e) {
                    swapFailure.set(e);
                }
            });
            int written = 0;
            int refused = 0;
            try {
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
                for (int i = 0;
                        (i < 400 || swaps.get() < 200 || refused == 0 || written == 0)
                                && System.nanoTime() < deadline
                                && swapFailure.get() == null;
                        i++) {
                    ToolResult result = harness.call(
                            "write",
                            args(
                                    "workspace_id",
                                    id,
                                    "request_key",
                                    "w" + i,
                                    "path",
                                    "sub/file" + i + ".txt",
                                    "content",
                                    "secret " + i,
                                    "expected_revision",
                                    "missing"));
                    if (result instanceof ToolResult.Failure failure) {
                        assertThat(failure.code().value())
                                .as(failure.message())
                                .isIn("INVALID_PATH", "EXECUTION_FAILED");
                        refused++;
                    } else {
                        written++;
                    }
                    drain(watch, createdOutside);
                }
            } finally {
                running.set(false);
                swapper.join(5000);
            }
            drain(watch, createdOutside);

            assertThat(swapFailure.get()).as("the swapper's failure").isNull();
            assertThat(createdOutside).as("names created outside the roots").isEmpty();
            try (var left = Files.list(outside)) {
                assertThat(left.toList()).isEmpty();
            }
            assertThat(written).as("writes that landed inside").isPositive();
            assertThat(refused).as("writes refused because the parent changed").isPositive();
        }
    }

    private static void drain(WatchService watch, Set<String> created) {
        for (WatchKey key = watch.poll(); key != null; key = watch.poll()) {
            for (WatchEvent<?> event : key.pollEvents()) {
                created.add(String.valueOf(event.context()));
            }
            key.reset();
        }
    }

    /**
     * Moves the real parent aside and puts a symlink to outside in its place, then back, over and over. A directory a
     * write recreated in between is moved out of the way ({@code sub-recreated-N}) so the swapping goes on.
     */
    private static void swap(
            Path parent, Path aside, Path root, Path outside, AtomicBoolean running, AtomicInteger swaps)
            throws IOException {
        int recreated = 0;
        while (running.get()) {
            Files.move(parent, aside, StandardCopyOption.ATOMIC_MOVE);
            boolean linked = false;
            try {
                Files.createSymbolicLink(parent, outside);
                linked = true;
            } catch (FileAlreadyExistsException e) {
                Files.move(parent, root.resolve("sub-recreated-" + recreated++), StandardCopyOption.ATOMIC_MOVE);
            }
            if (linked) {
                LockSupport.parkNanos(TimeUnit.MICROSECONDS.toNanos(200));
                Files.delete(parent);
            }
            moveBack(aside, parent, root, recreated++);
            swaps.incrementAndGet();
            LockSupport.parkNanos(TimeUnit.MICROSECONDS.toNanos(400));
        }
    }

    /** Puts the real parent back, first moving aside a directory a write recreated since the link was removed. */
    private static void moveBack(Path aside, Path parent, Path root, int recreated) throws IOException {
        while (true) {
            try {
                Files.move(aside, parent, StandardCopyOption.ATOMIC_MOVE);
                return;
            } catch (FileSystemException e) {
                // rename(2) replaces an empty directory but not a full one (ENOTEMPTY, which Java leaves unmapped).
                if (!Files.isDirectory(parent, LinkOption.NOFOLLOW_LINKS)) {
                    throw e;
                }
                Files.move(parent, root.resolve("sub-recreated-b" + recreated), StandardCopyOption.ATOMIC_MOVE);
            }
        }
    }
}
