package dev.switchboard.bridge.mcp;

import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;

import reactor.core.publisher.Mono;

/**
 * Runs blocking work (tool calls, resource reads, prompt rendering, completions) off the transport's inbound thread,
 * each piece on a virtual thread of its own, so that calls run concurrently and may block freely (sampling,
 * elicitation, storage). Replaces the SDK's sync-server default, Reactor's bounded elastic pool of 10 threads per core.
 *
 * <p>The result is signalled on the worker thread, which then writes the answer. Reactor's {@code subscribeOn} is
 * not used: when work fails, Reactor cancels the task's future and so interrupts the very thread that goes on to
 * write the error answer, and an interruptible output channel then closes for good.
 */
final class Offload implements AutoCloseable {

    private final ExecutorService executor =
            Executors.newThreadPerTaskExecutor(Thread.ofVirtual().name("switchboard-mcp-call-", 0).factory());

    /** @return a Mono that runs {@code work} on a new virtual thread when subscribed */
    <T> Mono<T> run(Callable<T> work) {
        return Mono.create(sink -> {
            try {
                executor.execute(() -> {
                    try {
                        sink.success(work.call());
                    } catch (Exception e) {
                        sink.error(e);
                    }
                });
            } catch (RejectedExecutionException e) {
                sink.error(new IllegalStateException("the MCP server is closed", e));
            }
        });
    }

    /** Interrupts whatever still runs and refuses further work. */
    @Override
    public void close() {
        executor.shutdownNow();
    }
}
