package dev.switchboard.bridge.mcp;

import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;

import reactor.core.publisher.Mono;
import reactor.core.publisher.MonoSink;

/**
 * Runs blocking work (tool calls, resource reads, prompt rendering, completions) off the transport's inbound thread,
 * each piece on a virtual thread of its own, so that calls run concurrently and may block freely (sampling,
 * elicitation, storage). Replaces the SDK's sync-server default, Reactor's bounded elastic pool of 10 threads per core.
 * A transport that delivers a request on a thread it can give up ({@link McpServerAssembly#deliverInline}) has the
 * work run right there instead, after the transport's release hook: that saves a thread hand-off per call.
 *
 * <p>The result is signalled on the worker thread, which then writes the answer. Reactor's {@code subscribeOn} is
 * not used: when work fails, Reactor cancels the task's future and so interrupts the very thread that goes on to
 * write the error answer, and an interruptible output channel then closes for good.
 */
final class Offload implements AutoCloseable {

    /**
     * Set while a transport delivers a request on a thread that may block for it: the hook that frees the thread's
     * other duty (reading). Taken by the first piece of work.
     */
    private static final ThreadLocal<Runnable> INLINE = new ThreadLocal<>();

    private final ExecutorService executor = Executors.newThreadPerTaskExecutor(
            Thread.ofVirtual().name("switchboard-mcp-call-", 0).factory());

    /** Runs {@code delivery} so that work it starts runs inline, after {@code release}. */
    static void inline(Runnable release, Runnable delivery) {
        INLINE.set(release);
        try {
            delivery.run();
        } finally {
            INLINE.remove();
        }
    }

    /** @return a Mono that runs {@code work} when subscribed: inline if the transport allows, else on a new thread */
    <T> Mono<T> run(Callable<T> work) {
        return Mono.create(sink -> {
            Runnable release = INLINE.get();
            if (release != null) {
                INLINE.remove();
                if (executor.isShutdown()) {
                    sink.error(new IllegalStateException("the MCP server is closed"));
                    return;
                }
                release.run();
                complete(sink, work);
                return;
            }
            try {
                executor.execute(() -> complete(sink, work));
            } catch (RejectedExecutionException e) {
                sink.error(new IllegalStateException("the MCP server is closed", e));
            }
        });
    }

    private static <T> void complete(MonoSink<T> sink, Callable<T> work) {
        try {
            sink.success(work.call());
        } catch (Exception e) {
            sink.error(e);
        }
    }

    /** Interrupts whatever still runs on its own threads and refuses further work. */
    @Override
    public void close() {
        executor.shutdownNow();
    }
}
