package dev.switchboard.kernel.exec;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import dev.switchboard.ports.call.Cancellation;
import dev.switchboard.ports.exec.ProcessSpec;

/** Shared test helpers: specs with sensible defaults, a cancellation the test can raise, and a process finder. */
final class Specs {

    static final Duration GENEROUS = Duration.ofSeconds(20);

    private Specs() {}

    static ProcessSpec spec(Path cwd, String... command) {
        return new ProcessSpec(List.of(command), cwd, Map.of(), true, GENEROUS, 64 * 1024, null);
    }

    static ProcessSpec withTimeout(Path cwd, Duration timeout, String... command) {
        return new ProcessSpec(List.of(command), cwd, Map.of(), true, timeout, 64 * 1024, null);
    }

    /** @return whether a live (not zombie) process has {@code marker} among its arguments */
    static boolean runningWithArgument(String marker) {
        return ProcessHandle.allProcesses()
                .filter(ProcessHandle::isAlive)
                .anyMatch(handle -> handle.info()
                        .arguments()
                        .map(arguments -> Arrays.asList(arguments).contains(marker))
                        .orElse(false));
    }

    /** A cancellation signal the test raises itself. */
    static final class TestCancellation implements Cancellation {
        private final List<Runnable> actions = new CopyOnWriteArrayList<>();
        private volatile boolean cancelled;

        @Override
        public boolean isCancelled() {
            return cancelled;
        }

        @Override
        public synchronized void onCancel(Runnable action) {
            if (cancelled) {
                action.run();
            } else {
                actions.add(action);
            }
        }

        synchronized void cancel() {
            cancelled = true;
            actions.forEach(Runnable::run);
        }
    }
}
