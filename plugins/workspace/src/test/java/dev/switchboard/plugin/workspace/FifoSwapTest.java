package dev.switchboard.plugin.workspace;

import static dev.switchboard.plugin.workspace.WorkspaceHarness.args;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.switchboard.ports.tool.ToolResult;

/**
 * A file swapped for a FIFO between the check and the open never holds a call. A swap thread renames
 * real FIFOs (made with mkfifo) and regular files over one path every ~0.25 ms while read and grep calls run; every
 * call must answer within a few seconds (text, or UNSUPPORTED_FILE when it met the FIFO).
 */
class FifoSwapTest {

    private static final int FIFOS_PER_BATCH = 500;
    private static final long ANSWER_SECONDS = 10;

    @TempDir
    Path state;

    @TempDir
    Path home;

    @TempDir
    Path spare;

    private WorkspaceHarness harness;
    private String id;
    private final AtomicBoolean swapping = new AtomicBoolean(true);
    private final AtomicInteger swaps = new AtomicInteger();
    private Thread swapper;

    @BeforeEach
    void start() throws Exception {
        harness = new WorkspaceHarness(state, home);
        id = harness.open(home);
        Files.writeString(home.resolve("target.txt"), "regular content\n");
        swapper = Thread.ofPlatform().daemon().start(this::swapLoop);
    }

    @AfterEach
    void stop() throws Exception {
        swapping.set(false);
        swapper.join(5000);
        harness.close();
    }

    @Test
    @DisplayName("read of a path swapped between a FIFO and a regular file always answers")
    void everyReadAnswersWhileAFifoIsSwappedIn() throws Exception {
        List<CompletableFuture<ToolResult>> calls = new ArrayList<>();
        int before = swaps.get();
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while ((calls.size() < 600 || swaps.get() - before < 300) && System.nanoTime() < until) {
            calls.add(call("read", args("workspace_id", id, "path", "target.txt")));
            LockSupport.parkNanos(TimeUnit.MICROSECONDS.toNanos(300));
        }

        assertEveryCallAnswered(calls);
        assertThat(swaps.get() - before).as("swaps made while the calls ran").isGreaterThanOrEqualTo(300);
    }

    @Test
    @DisplayName("grep over 3,000 files, one of them swapped for a FIFO, always answers")
    void everyGrepAnswersWhileAFifoIsSwappedIn() throws Exception {
        Path tree = Files.createDirectory(home.resolve("tree"));
        for (int i = 0; i < 3000; i++) {
            Files.writeString(tree.resolve("f" + i + ".txt"), "line " + i + "\n");
        }
        Files.writeString(tree.resolve("swapped.txt"), "needle\n");
        List<CompletableFuture<ToolResult>> calls = new ArrayList<>();
        for (int i = 0; i < 7; i++) {
            redirectSwapsTo(tree.resolve("swapped.txt"));
            calls.add(call("grep", args("workspace_id", id, "pattern", "needle", "path", "tree")));
            calls.add(call("read", args("workspace_id", id, "path", "tree/swapped.txt")));
            Thread.sleep(50);
        }

        assertEveryCallAnswered(calls);
    }

    private volatile Path swapTarget;

    private void redirectSwapsTo(Path target) {
        swapTarget = target;
    }

    private CompletableFuture<ToolResult> call(String tool, Map<String, Object> arguments) {
        CompletableFuture<ToolResult> answer = new CompletableFuture<>();
        Thread.ofVirtual().start(() -> {
            try {
                answer.complete(harness.call(tool, arguments));
            } catch (Throwable e) {
                answer.completeExceptionally(e);
            }
        });
        return answer;
    }

    private static void assertEveryCallAnswered(List<CompletableFuture<ToolResult>> calls) throws Exception {
        int unanswered = 0;
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(ANSWER_SECONDS);
        for (CompletableFuture<ToolResult> call : calls) {
            try {
                ToolResult result = call.get(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
                if (result instanceof ToolResult.Failure failure) {
                    assertThat(failure.code().value()).as(failure.message()).isEqualTo("UNSUPPORTED_FILE");
                }
            } catch (TimeoutException e) {
                unanswered++;
            }
        }
        assertThat(unanswered)
                .as("calls that never answered, of " + calls.size())
                .isZero();
    }

    /** Renames a fresh FIFO, then a fresh regular file, over the target, over and over. */
    private void swapLoop() {
        try {
            int batch = 0;
            while (swapping.get()) {
                Path dir = Files.createDirectory(spare.resolve("batch" + batch++));
                List<String> command = new ArrayList<>(List.of("mkfifo"));
                for (int i = 0; i < FIFOS_PER_BATCH; i++) {
                    command.add(dir.resolve("fifo" + i).toString());
                }
                assertThat(new ProcessBuilder(command).inheritIO().start().waitFor())
                        .isZero();
                for (int i = 0; i < FIFOS_PER_BATCH && swapping.get(); i++) {
                    Path target = swapTarget == null ? home.resolve("target.txt") : swapTarget;
                    Files.move(dir.resolve("fifo" + i), target, StandardCopyOption.ATOMIC_MOVE);
                    LockSupport.parkNanos(TimeUnit.MICROSECONDS.toNanos(250));
                    Path regular = Files.writeString(dir.resolve("regular" + i), "needle\n");
                    Files.move(regular, target, StandardCopyOption.ATOMIC_MOVE);
                    swaps.incrementAndGet();
                    LockSupport.parkNanos(TimeUnit.MICROSECONDS.toNanos(250));
                }
            }
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
