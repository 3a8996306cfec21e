package dev.switchboard.plugin.mailbox.wait.application;

import static dev.switchboard.plugin.mailbox.MailboxHarness.args;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ValueSource;

import dev.switchboard.plugin.mailbox.MailboxHarness;
import dev.switchboard.plugin.mailbox.channel.application.Caller;
import dev.switchboard.plugin.mailbox.channel.application.port.out.Transactions;
import dev.switchboard.plugin.mailbox.orientation.application.StatusReader;
import dev.switchboard.plugin.mailbox.wait.domain.WaitBudget;
import dev.switchboard.ports.call.Cancellation;
import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.testkit.ToolResults;

/**
 * The waits of one role share one read of its state per signal (ADR 24), on real stores: each still sees the commit
 * that woke it, and a commit made while the shared read runs wakes them again.
 */
@ParameterizedClass(name = "on {0}")
@ValueSource(strings = {"sqlite", "postgres"})
class SharedWakeReadsTest {

    private static final int WAITERS = 6;

    /** Each wait blocks its thread: one virtual thread each, not the common pool's one or two. */
    private static final java.util.concurrent.ExecutorService THREADS =
            java.util.concurrent.Executors.newVirtualThreadPerTaskExecutor();

    /** Only a signal (or the 40 s deadline) ends a sleep: the poll interval is longer than the wait. */
    private static final WaitBudget SIGNAL_ONLY = new WaitBudget(40, 60);

    @Parameter
    String backend;

    @TempDir
    Path dir;

    /** The waits under test, each looking for a message id among frontend's unread ones. */
    private final class Waits {
        final MailboxHarness frontend;
        final Waiting waiting;
        final Caller caller;
        final Transactions transactions;
        final StatusReader status;
        final AtomicInteger loads = new AtomicInteger();
        /** Checks begun: a wait's check counts before it asks for the shared read. */
        final AtomicInteger checks = new AtomicInteger();

        final List<CompletableFuture<Waiting.Result<Long>>> running = new ArrayList<>();

        Waits(MailboxHarness frontend) {
            this.frontend = frontend;
            this.waiting = frontend.injector().getInstance(Waiting.class);
            this.transactions = frontend.injector().getInstance(Transactions.class);
            this.status = frontend.injector().getInstance(StatusReader.class);
            frontend.ok("list_roles", Map.of());
            long channelId = frontend.storage().transaction(connection -> {
                try (var query = connection.prepareStatement(
                                "SELECT channel_id FROM mailbox_channel WHERE name = 'local'");
                        var row = query.executeQuery()) {
                    row.next();
                    return row.getLong(1);
                }
            });
            this.caller = new Caller(channelId, "local", "frontend", false);
        }

        Set<Long> unread() {
            Outcome<Set<Long>> read = transactions.read(
                    caller.channelId(),
                    tx -> Outcome.done(status.read(tx, "frontend").actionable().ids().values().stream()
                            .flatMap(Set::stream)
                            .collect(java.util.stream.Collectors.toUnmodifiableSet())));
            return read.orElse(refusal -> fail("refused: " + refusal.message()));
        }

        /** Starts the waits; each returns once {@code wanted} is unread, reading through the shared reads. */
        void start(long wanted, Runnable duringLoad) {
            for (int i = 0; i < WAITERS; i++) {
                running.add(CompletableFuture.supplyAsync(
                        () -> waiting.until(caller, SIGNAL_ONLY, Cancellation.NONE, reads -> {
                            checks.incrementAndGet();
                            Set<Long> ids = reads.read("test-unread/frontend", () -> {
                                loads.incrementAndGet();
                                Set<Long> read = unread();
                                duringLoad.run();
                                return read;
                            });
                            return ids.contains(wanted) ? Optional.of(wanted) : Optional.empty();
                        }),
                        THREADS));
            }
        }

        void awaitFirstReads() throws InterruptedException {
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (loads.get() == 0 && System.nanoTime() < until) {
                Thread.sleep(10);
            }
            // the first checks share too: a read begun after a check began serves it
            assertThat(loads.get()).as("first reads").isBetween(1, WAITERS);
            Thread.sleep(500); // all asleep
        }

        long send(String topic) {
            Principal backendRole = new Principal(
                    "backend", Principal.Kind.CHANNEL_ROLE, Map.of("channel", "local", "role", "backend"));
            return ((Number) ToolResults.success(
                                    frontend.callAs(
                                            backendRole,
                                            "send_message",
                                            args("to", "frontend", "topic", topic, "body", "b")),
                                    "send_message",
                                    Map.of())
                            .structuredContent()
                            .get("id"))
                    .longValue();
        }

        List<Waiting.Result<Long>> results() throws Exception {
            List<Waiting.Result<Long>> results = new ArrayList<>();
            for (var each : running) {
                results.add(each.get(20, TimeUnit.SECONDS));
            }
            return results;
        }
    }

    @Test
    void severalWaitsOfOneRoleWokenByOneSendEachSeeItWithFewerReadsThanWaits() throws Exception {
        try (MailboxHarness frontend = MailboxHarness.open(backend, dir, "frontend")) {
            Waits waits = new Waits(frontend);
            // The first read after the send holds on until every woken wait has begun its check, so they all find
            // it running, begun before their checks, and queue for the one read after it: how many checks overlap a
            // read is otherwise the scheduler's timing (reused reader connections made reads short enough that six
            // staggered wake-ups each found the last read done, on a loaded CI host).
            AtomicBoolean holdFirstRead = new AtomicBoolean();
            AtomicInteger checksToAwait = new AtomicInteger();
            // the id the next send gets: the channel's ids start at 1
            waits.start(1, () -> {
                if (holdFirstRead.compareAndSet(true, false)) {
                    awaitAtLeast(waits.checks, checksToAwait.get());
                }
            });
            waits.awaitFirstReads();
            int before = waits.loads.get();
            checksToAwait.set(waits.checks.get() + WAITERS);
            holdFirstRead.set(true);

            long sent = waits.send("one send");

            assertThat(sent).isEqualTo(1);
            assertThat(waits.results()).hasSize(WAITERS).allSatisfy(result -> {
                assertThat(result.end()).isEqualTo(Waiting.End.FOUND);
                assertThat(result.value()).contains(1L);
            });
            assertThat(waits.loads.get() - before)
                    .as("reads after the send, for " + WAITERS + " waits of one role")
                    .isBetween(1, WAITERS - 1);
            assertThat(frontend.injector().getInstance(ChannelWakes.class).watchedChannels())
                    .as("the last wait's end forgot the channel's shared reads")
                    .isZero();
        }
    }

    /** Waits (bounded: 10 s) until {@code count} reaches {@code target}; the assertions after say if it did not. */
    private static void awaitAtLeast(AtomicInteger count, int target) {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (count.get() < target && System.nanoTime() < until) {
            java.util.concurrent.locks.LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
        }
    }

    @Test
    void aCommitDuringTheSharedReadWakesTheWaitsAgainAndTheySeeIt() throws Exception {
        try (MailboxHarness frontend = MailboxHarness.open(backend, dir, "frontend")) {
            Waits waits = new Waits(frontend);
            AtomicBoolean armed = new AtomicBoolean();
            // the waits look for message 2; the first read after message 1's signal sends it once its snapshot is
            // taken, so that read cannot contain it
            waits.start(2, () -> {
                if (armed.compareAndSet(true, false)) {
                    waits.send("sent during the shared read");
                }
            });
            waits.awaitFirstReads();

            armed.set(true);
            waits.send("wakes the waits");

            assertThat(waits.results()).hasSize(WAITERS).allSatisfy(result -> {
                assertThat(result.end()).isEqualTo(Waiting.End.FOUND);
                assertThat(result.value()).contains(2L);
            });
            assertThat(armed).isFalse();
        }
    }

    @Test
    void severalWaitForMailCallsOfOneRoleAreEachAnsweredWithTheSend() throws Exception {
        try (MailboxHarness frontend = MailboxHarness.open(backend, dir, "frontend")) {
            Waits waits = new Waits(frontend);
            List<CompletableFuture<Map<String, Object>>> calls = new ArrayList<>();
            for (int i = 0; i < WAITERS; i++) {
                calls.add(CompletableFuture.supplyAsync(
                        () -> frontend.ok("wait_for_mail", args("timeout_s", 40, "poll_interval_s", 60)), THREADS));
            }
            Thread.sleep(1000); // all past their entry reads

            waits.send("for every wait");

            for (var call : calls) {
                assertThat(call.get(20, TimeUnit.SECONDS))
                        .containsEntry("timed_out", false)
                        .containsEntry("pending", Map.of("unread", 1));
            }
        }
    }
}
