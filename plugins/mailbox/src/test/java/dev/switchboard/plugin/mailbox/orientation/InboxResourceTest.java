package dev.switchboard.plugin.mailbox.orientation;

import static dev.switchboard.plugin.mailbox.MailboxHarness.args;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.nio.file.Path;
import java.sql.Connection;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ValueSource;

import com.google.inject.AbstractModule;
import com.google.inject.Provides;

import dev.switchboard.kernel.plugin.StorageAccess;
import dev.switchboard.plugin.mailbox.MailboxHarness;
import dev.switchboard.plugin.mailbox.MailboxModule;
import dev.switchboard.plugin.mailbox.channel.adapter.out.persistence.JooqTransactions;
import dev.switchboard.plugin.mailbox.channel.application.Caller;
import dev.switchboard.plugin.mailbox.channel.application.CallerResolver;
import dev.switchboard.plugin.mailbox.channel.application.port.out.Transactions;
import dev.switchboard.plugin.mailbox.channel.application.port.out.Tx;
import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.content.ResourceContents;
import dev.switchboard.ports.resource.ResourceSubscription;
import dev.switchboard.ports.signal.ChangeSignals;
import dev.switchboard.ports.signal.SignalSubscription;
import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.testkit.plugin.ExtensionIndex;

@ParameterizedClass(name = "on {0}")
@ValueSource(strings = {"sqlite", "postgres"})
class InboxResourceTest {

    private static final String INBOX = "mailbox://local/inbox/frontend";

    @Parameter
    String backend;

    @TempDir
    Path dir;

    @Test
    @DisplayName("the role's inbox is a resource; a new actionable item committed by another server sends an update to"
            + " a subscriber, until its subscription closes")
    void aNewItemUpdatesTheSubscribedInbox() throws InterruptedException {
        try (MailboxHarness frontend =
                counted(MailboxHarness.builder(backend, dir)).open("frontend")) {
            List<String> updated = new CopyOnWriteArrayList<>();
            frontend.bed().resources().addUpdateListener(updated::add);
            MailboxHarness backendRole = frontend.as("backend");
            assertThat(frontend.bed().resources().resources())
                    .anySatisfy(resource -> assertThat(resource.uri()).isEqualTo(INBOX));
            ResourceSubscription subscription = frontend.bed().resources().follow(INBOX, Principal.LOCAL_OWNER);

            frontend.send("backend", "to backend", "not for frontend's inbox");
            Thread.sleep(400);
            assertThat(updated).isEmpty();
            backendRole.send(args("to", "frontend", "topic", "for you", "body", "x", "action_required", true));

            long deadline = System.nanoTime() + 5_000_000_000L;
            while (updated.isEmpty() && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertThat(updated).containsOnly(INBOX);
            String text = ((ResourceContents.TextContents) frontend.bed()
                            .resources()
                            .read(INBOX, Principal.LOCAL_OWNER)
                            .orElseThrow()
                            .getFirst())
                    .text();
            assertThat(text).contains("\"unread\":1").contains("\"open_obligations_untaken\":1");

            subscription.close();
            assertThat(signals(frontend).watches())
                    .as("the channel's listener ends with the last subscription: no read, no update after it")
                    .isNotEmpty()
                    .noneMatch(SignalSubscription::isOpen);
        }
    }

    @Test
    @DisplayName("listing and reading the inbox start no watch: another role's send costs a session that never"
            + " subscribed no listener and no read")
    void listingAndReadingStartNoWatch() {
        try (MailboxHarness frontend =
                counted(MailboxHarness.builder(backend, dir)).open("frontend")) {
            assertThat(frontend.bed().resources().resources()).isNotEmpty();
            assertThat(frontend.bed().resources().resources(Principal.LOCAL_OWNER))
                    .isNotEmpty();
            assertThat(frontend.bed().resources().read(INBOX, Principal.LOCAL_OWNER))
                    .isPresent();
            int readsBefore = reads(frontend).get();

            try (SignalSubscription probe = signals(frontend).subscribe(channelTopic(frontend))) {
                frontend.as("backend")
                        .send(args("to", "frontend", "topic", "for you", "body", "x", "action_required", true));
                assertThat(probe.await(Duration.ofSeconds(10)))
                        .as("the commit reached this server")
                        .isTrue();
            }

            assertThat(signals(frontend).watches()).as("no watch was started").isEmpty();
            assertThat(reads(frontend).get()).as("no read after the commit").isEqualTo(readsBefore);
        }
    }

    @Test
    @DisplayName("sessions subscribed to one inbox share one watch: a commit is one read, whatever their number")
    void subscribersOfOneInboxShareOneWatch() {
        try (MailboxHarness frontend =
                counted(MailboxHarness.builder(backend, dir)).open("frontend")) {
            ResourceSubscription first = frontend.bed().resources().follow(INBOX, Principal.LOCAL_OWNER);
            ResourceSubscription second = frontend.bed().resources().follow(INBOX, Principal.LOCAL_OWNER);
            ResourceSubscription third = frontend.bed().resources().follow(INBOX, Principal.LOCAL_OWNER);
            assertThat(signals(frontend).watches()).hasSize(1);
            int readsBefore = reads(frontend).get();

            try (SignalSubscription probe = signals(frontend).subscribe(channelTopic(frontend))) {
                frontend.as("backend")
                        .send(args("to", "frontend", "topic", "for you", "body", "x", "action_required", true));
                assertThat(probe.await(Duration.ofSeconds(10))).isTrue();
            }
            long deadline = System.nanoTime() + 5_000_000_000L;
            while ((signals(frontend).runs().get() == 0
                            || reads(frontend).get() - readsBefore
                                    != signals(frontend).runs().get())
                    && System.nanoTime() < deadline) {
                Thread.onSpinWait();
            }

            assertThat(signals(frontend).runs().get()).isPositive();
            assertThat(reads(frontend).get() - readsBefore)
                    .as("one read per run of the one listener, not one per subscriber")
                    .isEqualTo(signals(frontend).runs().get());
            first.close();
            second.close();
            assertThat(signals(frontend).watches().getFirst().isOpen()).isTrue();
            third.close();
            assertThat(signals(frontend).watches().getFirst().isOpen()).isFalse();
        }
    }

    @Test
    @DisplayName("only the caller's own inbox can be read")
    void anotherRolesInboxIsNotServed() {
        try (MailboxHarness frontend = MailboxHarness.open(backend, dir, "frontend")) {
            assertThat(frontend.bed().resources().read("mailbox://local/inbox/backend", Principal.LOCAL_OWNER))
                    .isEmpty();
            assertThat(frontend.bed().resources().read(INBOX, Principal.LOCAL_OWNER))
                    .isPresent();
        }
    }

    @Test
    @DisplayName("listing and reading the inbox resource at session start is not presence: last_seen counts tool calls")
    @SuppressWarnings("unchecked")
    void readingTheInboxResourceIsNotPresence() {
        try (MailboxHarness frontend = MailboxHarness.open(backend, dir, "frontend")) {
            frontend.bed().resources().resources();
            frontend.bed().resources().read(INBOX, Principal.LOCAL_OWNER);

            Map<String, Object> roles = frontend.as("backend").ok("list_roles", Map.of());

            assertThat((Map<String, String>) roles.get("last_seen")).containsOnlyKeys("backend");
        }
    }

    /** @return the builder, with the change signals and the transactions of each server counted */
    private static MailboxHarness.Builder counted(MailboxHarness.Builder builder) {
        return builder.overrideKernel(new AbstractModule() {
                    @Provides
                    @Singleton
                    CountingSignals signals(StorageAccess storage) {
                        return new CountingSignals(storage.signals());
                    }

                    @Provides
                    ChangeSignals changeSignals(CountingSignals counting) {
                        return counting;
                    }
                })
                .override(binder -> {
                    binder.bind(CountingTransactions.class).in(Singleton.class);
                    binder.bind(Transactions.class).to(CountingTransactions.class);
                });
    }

    private static CountingSignals signals(MailboxHarness harness) {
        return (CountingSignals) harness.injector().getInstance(ChangeSignals.class);
    }

    private static AtomicInteger reads(MailboxHarness harness) {
        return harness.injector().getInstance(CountingTransactions.class).reads;
    }

    private static String channelTopic(MailboxHarness harness) {
        Outcome<Caller> caller =
                harness.injector().getInstance(CallerResolver.class).identify(Principal.LOCAL_OWNER);
        return Transactions.signalTopic(
                caller.orElse(refusal -> fail("refused: " + refusal.message())).channelId());
    }

    /**
     * The kernel's change signals, with the listeners subscribed to mailbox channels kept and their runs counted (a run
     * is counted as it starts).
     */
    static final class CountingSignals implements ChangeSignals {
        private final ChangeSignals real;
        private final List<SignalSubscription> watches = new CopyOnWriteArrayList<>();
        private final AtomicInteger runs = new AtomicInteger();

        CountingSignals(ChangeSignals real) {
            this.real = real;
        }

        List<SignalSubscription> watches() {
            return watches;
        }

        AtomicInteger runs() {
            return runs;
        }

        @Override
        public void publish(Connection transaction, String topic) {
            real.publish(transaction, topic);
        }

        @Override
        public SignalSubscription subscribe(String topic, Runnable listener) {
            if (!topic.startsWith(Transactions.SIGNAL_PREFIX)) {
                return real.subscribe(topic, listener);
            }
            SignalSubscription subscription = real.subscribe(topic, () -> {
                runs.incrementAndGet();
                listener.run();
            });
            watches.add(subscription);
            return subscription;
        }

        @Override
        public SignalSubscription subscribe(String topic) {
            return real.subscribe(topic);
        }
    }

    /** The mailbox's transactions, with the reads counted. */
    static final class CountingTransactions implements Transactions {
        private final Transactions real;
        final AtomicInteger reads = new AtomicInteger();

        @Inject
        CountingTransactions(JooqTransactions real) {
            this.real = real;
        }

        @Override
        public <T> Outcome<T> write(long channelId, Function<Tx, Outcome<T>> work) {
            return real.write(channelId, work);
        }

        @Override
        public <T> Outcome<T> read(long channelId, Function<Tx, Outcome<T>> work) {
            reads.incrementAndGet();
            return real.read(channelId, work);
        }
    }

    @Test
    void theExtensionIndexListsEveryExtension() {
        ExtensionIndex.of(MailboxModule.class).assertListsEveryExtension();
    }
}
