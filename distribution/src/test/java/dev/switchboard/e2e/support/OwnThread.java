package dev.switchboard.e2e.support;

import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

/**
 * Runs a test's blocking task (a tool call that must keep running, a client's start, a read of a process's first
 * line) on a platform thread of its own. Never on the common pool ({@code CompletableFuture.supplyAsync(task)}
 * without an executor): the JDK's HTTP client completes every response on {@code ForkJoinPool}'s common pool, which
 * has one worker on a two-core host, so a task blocked there starves every HTTP answer in the JVM, and two tasks
 * meant to run at once run one after the other (docs/testing.md).
 */
public final class OwnThread {

    private OwnThread() {}

    /**
     * @param name the thread's name, for thread dumps
     * @param task what to run
     * @return the task's result once it ends; completed exceptionally with what it threw
     */
    public static <T> CompletableFuture<T> supply(String name, Supplier<T> task) {
        return CompletableFuture.supplyAsync(
                task, command -> Thread.ofPlatform().daemon().name(name).start(command));
    }
}
