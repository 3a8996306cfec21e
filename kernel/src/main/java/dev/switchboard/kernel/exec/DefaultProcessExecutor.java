package dev.switchboard.kernel.exec;

import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;

import jakarta.inject.Inject;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.switchboard.kernel.exec.OutputPump.CapturedText;
import dev.switchboard.ports.call.Cancellation;
import dev.switchboard.ports.exec.OrphanedRun;
import dev.switchboard.ports.exec.ProcessExecutor;
import dev.switchboard.ports.exec.ProcessOutcome;
import dev.switchboard.ports.exec.ProcessOutcome.Termination;
import dev.switchboard.ports.exec.ProcessSpec;

/**
 * The kernel's default {@link ProcessExecutor}, on {@link ProcessBuilder}. Standard input reads from the null device;
 * stdout and stderr are read concurrently on a platform thread each, each kept up to {@link ProcessSpec#outputCapBytes()}
 * bytes and drained beyond, and teed to {@link ProcessSpec#fullOutputFile()} when set. An inherited environment (the
 * server's, or the one the spec names in {@link ProcessSpec#inheritedEnvironment()}: an attached local session's, ADR
 * 32) loses the variables declared as secrets ({@link SecretVariableRegistry}) that the spec does not set itself.
 *
 * <p>On timeout or cancellation the whole tree is killed: SIGTERM to the process and every descendant found, then
 * SIGKILL after a 2 s grace; the exit code is then -1. Output pipes still held open after
 * that (by a process that escaped the tree) are abandoned after a further grace, so the call returns within a few
 * seconds of the timeout or cancellation. A process that exits by itself while a descendant keeps its pipes open is
 * waited for up to the timeout, then treated as timed out.
 *
 * <p>When the server's own parent process dies, the runs in progress are cancelled ({@link ParentWatch}); after a
 * server was killed outright, the next start can kill what its runs left ({@link #reapOrphans}).
 *
 * <p>Thread-safe and stateless apart from reading the declared names: any number of runs may proceed at once. An interrupt of the calling thread cancels
 * the run, and the interrupt status is restored before returning.
 */
public final class DefaultProcessExecutor implements ProcessExecutor {

    private static final Logger LOG = LoggerFactory.getLogger(DefaultProcessExecutor.class);
    private static final Duration KILL_GRACE = Duration.ofSeconds(2);
    private static final Duration PIPE_GRACE = Duration.ofSeconds(2);
    /** Caps the deadline arithmetic, so an absurdly long timeout cannot overflow {@code nanoTime} sums. */
    private static final long MAX_TIMEOUT_NANOS = Long.MAX_VALUE / 4;

    private static final AtomicLong RUN_IDS = new AtomicLong();

    /** The server's parent is the one it has when the executor is made (at start), not when the first run begins. */
    private final ParentWatch parentWatch = ParentWatch.SERVER;

    /** The declared secret variables, removed from every child's inherited environment (ADR 30). */
    private final SecretVariableRegistry secrets;

    /**
     * Creates an executor that removes no declared secret variable (none are declared to it); it holds no resources
     * (every run owns its own threads and handles).
     */
    public DefaultProcessExecutor() {
        this(new SecretVariableRegistry());
    }

    /**
     * Creates the executor; the parent watch's thread starts with the first run.
     *
     * @param secrets the names to remove from every child's inherited environment unless a spec sets them, read at
     *                each run
     */
    @Inject
    public DefaultProcessExecutor(SecretVariableRegistry secrets) {
        this.secrets = Objects.requireNonNull(secrets, "secrets");
    }

    /**
     * Runs the process to its end. A call that is already cancelled starts nothing and returns
     * {@link Termination#CANCELLED} at once.
     *
     * @throws dev.switchboard.ports.exec.ProcessStartException if the program, the working directory or the full
     *                                                          output file is missing or not usable
     * @throws NullPointerException                             if an argument is null
     */
    @Override
    public ProcessOutcome run(ProcessSpec spec, Cancellation cancellation) {
        Objects.requireNonNull(spec, "spec");
        Objects.requireNonNull(cancellation, "cancellation");
        long started = System.nanoTime();
        if (cancellation.isCancelled()) {
            return new ProcessOutcome(Termination.CANCELLED, -1, "", false, "", false, Duration.ZERO);
        }
        try (OutputSink sink = OutputSink.open(spec.fullOutputFile())) {
            String marker = MarkedProcesses.newMarker();
            ProcessLauncher.Started launched = ProcessLauncher.start(spec, marker, secrets.names());
            Process process = launched.process();
            String name = "exec-" + RUN_IDS.incrementAndGet() + "-" + process.pid();
            LOG.debug("Started {} as {}", spec.command().getFirst(), name);
            OutputPump out = OutputPump.start(name + "-stdout", launched.stdout(), spec.outputCapBytes(), sink);
            OutputPump err = OutputPump.start(name + "-stderr", launched.stderr(), spec.outputCapBytes(), sink);
            CompletableFuture<Void> drained = CompletableFuture.allOf(out.done(), err.done());
            ProcessTree tree = new ProcessTree(process.toHandle(), marker);
            Termination termination = supervise(spec, cancellation, process, tree, drained, started, name);
            int exitCode = termination == Termination.EXITED ? process.exitValue() : -1;
            CapturedText stdout = out.capture();
            CapturedText stderr = err.capture();
            return new ProcessOutcome(
                    termination,
                    exitCode,
                    stdout.text(),
                    stdout.truncated(),
                    stderr.text(),
                    stderr.truncated(),
                    Duration.ofNanos(System.nanoTime() - started));
        }
    }

    /**
     * Kills the runs of dead servers of this account whose label starts with {@code labelPrefix}, reading
     * {@code /proc} (Linux; elsewhere nothing is found). Each run's tree gets SIGTERM, then SIGKILL after a 2 s
     * grace.
     *
     * @throws IllegalArgumentException if {@code labelPrefix} is empty
     */
    @Override
    public List<OrphanedRun> reapOrphans(String labelPrefix) {
        if (labelPrefix.isEmpty()) {
            throw new IllegalArgumentException("labelPrefix must not be empty");
        }
        return OrphanReaper.reap(labelPrefix, KILL_GRACE);
    }

    private Termination supervise(
            ProcessSpec spec,
            Cancellation cancellation,
            Process process,
            ProcessTree tree,
            CompletableFuture<Void> drained,
            long started,
            String name) {
        boolean interrupted = false;
        Termination termination = Termination.CANCELLED;
        boolean settled = false;
        try {
            CompletableFuture<Void> cancelled = new CompletableFuture<>();
            cancellation.onCancel(() -> cancelled.complete(null));
            long deadline = started + Math.min(saturatedNanos(spec.timeout()), MAX_TIMEOUT_NANOS);
            try (ParentWatch.Watch watch = parentWatch.watch(() -> cancelled.complete(null))) {
                termination = RunWatch.await(process, tree, drained, cancelled, deadline);
            }
            settled = termination == Termination.EXITED;
        } catch (InterruptedException e) {
            interrupted = true;
        } finally {
            // Also reached on an unexpected exception, so no tree outlives a failed call.
            if (!settled) {
                LOG.debug("Killing the process tree of {}: {}", name, termination);
                tree.kill(KILL_GRACE);
                interrupted |= awaitDrained(drained, name);
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
        return termination;
    }

    /** @return whether the wait was interrupted */
    private static boolean awaitDrained(CompletableFuture<Void> drained, String name) {
        try {
            drained.get(PIPE_GRACE.toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            LOG.warn(
                    "Output pipes of {} are still held open by a process outside its tree; returning the output"
                            + " captured so far",
                    name);
        } catch (ExecutionException e) {
            LOG.debug("Output pumps of {} failed", name, e);
        } catch (InterruptedException e) {
            return true;
        }
        return false;
    }

    private static long saturatedNanos(Duration duration) {
        try {
            return duration.toNanos();
        } catch (ArithmeticException tooLong) {
            return Long.MAX_VALUE;
        }
    }
}
