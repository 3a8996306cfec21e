package dev.switchboard.plugin.mailbox.hook;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.switchboard.plugin.mailbox.CommandRun;
import dev.switchboard.plugin.mailbox.MailboxHarness;
import dev.switchboard.plugin.mailbox.hook.adapter.in.cli.HookCommand;
import dev.switchboard.plugin.mailbox.hook.adapter.in.cli.HookWakeCommand;
import dev.switchboard.plugin.mailbox.hook.application.HookSettings;

/**
 * {@code hook wake} in local mode on a real SQLite store, run in this JVM on its own thread as the session's
 * background hook: the fake session goes idle, a peer writes, the sleeper wakes; the stop hook at the end of the woken
 * turn does not block on the same items (the reminder budget). The distribution's MailboxWakeIT runs it as a process.
 */
class LocalWakeTest {

    private static final String STOP =
            "{\"session_id\":\"s1\",\"hook_event_name\":\"Stop\",\"stop_hook_active\":false}";

    @TempDir
    Path dir;

    private MailboxHarness backend;

    @BeforeEach
    void open() {
        backend =
                MailboxHarness.builder("sqlite", dir).setting("wake-max-s", 60).open("backend");
    }

    @AfterEach
    void close() {
        backend.close();
    }

    /** The sleepers' own bound: far above how long this machine takes to start one, under load. */
    private static final long WAIT_S = 30;

    private CompletableFuture<CommandRun> sleeper(String session) {
        return sleeper(backend, session);
    }

    /** @return the hook run on a thread of its own, as the client runs it in the background */
    private static CompletableFuture<CommandRun> sleeper(MailboxHarness mailbox, String session) {
        CompletableFuture<CommandRun> run = new CompletableFuture<>();
        Thread.ofVirtual()
                .start(() -> run.complete(
                        CommandRun.of(mailbox, new HookWakeCommand(), STOP.replace("s1", session), "--interval", "1")));
        return run;
    }

    private Path pidFile(String session) {
        return backend.injector()
                .getInstance(HookSettings.class)
                .stateDir()
                .resolve(".wake-" + session + "-local-backend.pid");
    }

    private void awaitSleeping(String session) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(WAIT_S).toNanos();
        while (!holds(session) && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertThat(holds(session)).as("the sleeper holds its pid file").isTrue();
    }

    private boolean holds(String session) throws java.io.IOException {
        return Files.exists(pidFile(session))
                && !Files.readString(pidFile(session)).isEmpty();
    }

    @Test
    void aSleeperWakesWithStatus2OnANewMessageAndTheNextStopDoesNotBlockOnTheSameItem() throws Exception {
        CompletableFuture<CommandRun> sleeping = sleeper("s1");
        awaitSleeping("s1");

        backend.as("frontend").send("backend", "news", "while you were idle");
        CommandRun woken = sleeping.get(WAIT_S, TimeUnit.SECONDS);

        assertThat(woken.status()).as(woken.err()).isEqualTo(HookWakeCommand.WAKE);
        assertThat(woken.err()).startsWith("channel has new items for 'backend': unread=1. ");
        assertThat(woken.out()).isEmpty();
        assertThat(holds("s1")).as("given back").isFalse();
        CommandRun stop = CommandRun.of(backend, new HookCommand(), STOP, "stop");
        assertThat(stop.out()).as("the wake reminded of unread=1 already").isEmpty();
        backend.as("frontend").send("backend", "more", "a second one");
        assertThat(CommandRun.of(backend, new HookCommand(), STOP, "stop").out())
                .contains("unread=2");
    }

    @Test
    void aSecondSleeperForTheSameSessionAndRoleLeavesAtOnceWithStatus0() throws Exception {
        CompletableFuture<CommandRun> first = sleeper("s1");
        awaitSleeping("s1");

        CommandRun second = sleeper("s1").get(WAIT_S, TimeUnit.SECONDS);

        assertThat(second.status()).isZero();
        assertThat(second.err()).contains("another hook wake already sleeps for this session and role");
        assertThat(first).isNotDone();
        backend.as("frontend").send("backend", "news", "wake the first");
        assertThat(first.get(WAIT_S, TimeUnit.SECONDS).status()).isEqualTo(HookWakeCommand.WAKE);
    }

    @Test
    void itEndsOnItsOwnWithStatus0AfterTheBoundedTimeWhenNothingNewArrives() throws Exception {
        try (MailboxHarness bounded = MailboxHarness.builder("sqlite", dir.resolve("bounded"))
                .setting("wake-max-s", 5)
                .open("backend")) {
            bounded.as("frontend").send("backend", "old", "pending before the session went idle");

            CommandRun ended = sleeper(bounded, "s1").get(WAIT_S, TimeUnit.SECONDS);

            assertThat(ended.status())
                    .as("what was pending at the start never wakes")
                    .isZero();
            assertThat(ended.err()).contains("nothing new within 5 s");
        }
    }

    @Test
    void anInvalidWakeMaxFailsWithStatus1NamingTheKeyAndItsRange() {
        try (MailboxHarness invalid = MailboxHarness.builder("sqlite", dir.resolve("invalid"))
                .setting("wake-max-s", 2)
                .open("backend")) {
            CommandRun run = CommandRun.of(invalid, new HookWakeCommand(), STOP);

            assertThat(run.status()).isEqualTo(1);
            assertThat(run.err().lines()).hasSize(1);
            assertThat(run.err())
                    .contains("plugins.mailbox.wake-max-s = '2'")
                    .contains(HookSettings.MIN_WAKE_MAX_S + " to " + HookSettings.MAX_WAKE_MAX_S)
                    .contains("this hook will not wake the session")
                    .doesNotContain("unexpectedly");
        }
    }

    @Test
    void aWrongCommandLineOrNoRoleFailsWithStatus1NeverTheWakeStatus() {
        CommandRun argument = CommandRun.of(backend, new HookWakeCommand(), "", "now");
        assertThat(argument.status()).isEqualTo(1);
        assertThat(argument.err()).contains("takes no arguments");
        CommandRun interval = CommandRun.of(backend, new HookWakeCommand(), "", "--interval", "0");
        assertThat(interval.status()).isEqualTo(1);

        try (MailboxHarness roleless =
                MailboxHarness.builder("sqlite", dir.resolve("roleless")).open(null)) {
            CommandRun noRole = CommandRun.of(roleless, new HookWakeCommand(), STOP);
            assertThat(noRole.status()).isEqualTo(1);
            assertThat(noRole.err()).contains("no mailbox role").contains("will not wake the session");
        }
    }
}
