package dev.switchboard.plugin.mailbox.hosted;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import dev.switchboard.plugin.mailbox.MailboxHarness;
import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.storage.StorageException;
import dev.switchboard.ports.tool.ToolResult;
import dev.switchboard.testkit.storage.RestartablePostgres;

/**
 * A role token's lookup that fails for a storage reason is a storage failure (the kernel then answers 503 /
 * UNAVAILABLE), never "no such token" (401) or "revoked" (403), and the same token resolves again once the store is
 * back: on a PostgreSQL server that stops and starts, and on a SQLite file that cannot be read.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class CredentialLookupOutageTest {

    private static final int CONNECT_TIMEOUT_MS = 1000;

    @TempDir
    Path dir;

    @TempDir
    Path data;

    @Test
    void aRoleTokensLookupWhilePostgresqlIsDownIsAStorageFailureWithinTheConnectTimeoutAndResolvesAfter()
            throws Exception {
        try (RestartablePostgres postgres = RestartablePostgres.start(data);
                MailboxHarness harness = MailboxHarness.builder("postgres", dir)
                        .database(postgres.database("lookup_outage"))
                        .storageSetting("connect-timeout-ms", CONNECT_TIMEOUT_MS)
                        .open(null)) {
            Hosted hosted = new Hosted(harness);
            String token = hosted.create("proj", "dev", "ops").get("dev");
            Principal dev = hosted.principal(token);
            CompletableFuture<ToolResult> held = CompletableFuture.supplyAsync(
                    () -> hosted.call(dev, "wait_for_mail", MailboxHarness.args("timeout_s", 3)));

            postgres.stop();

            long started = System.nanoTime();
            assertThatThrownBy(() -> hosted.resolve(token))
                    .as("the store cannot say: not 'unknown'")
                    .isInstanceOf(StorageException.class)
                    .hasMessageNotContaining(token);
            assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started))
                    .as("a lookup during the outage fails within the connect timeout")
                    .isLessThan(CONNECT_TIMEOUT_MS + 1500L);
            ToolResult waited = held.get(30, TimeUnit.SECONDS);
            if (waited instanceof ToolResult.Failure failure) {
                assertThat(failure.code().value()).isEqualTo("UNAVAILABLE");
            }

            postgres.start();

            assertThat(resolvedWithin(hosted, token, 15)).contains(dev);
        }
    }

    @Test
    void aRoleTokensLookupOnASqliteFileThatCannotBeReadIsAStorageFailureNotAnUnknownToken() throws Exception {
        try (MailboxHarness harness = MailboxHarness.open("sqlite", dir, null)) {
            Hosted hosted = new Hosted(harness);
            String token = hosted.create("proj", "dev", "ops").get("dev");
            Principal dev = hosted.principal(token);
            try (Connection other = DriverManager.getConnection(
                            "jdbc:sqlite:" + harness.storage().location());
                    Statement statement = other.createStatement()) {
                statement.execute("ALTER TABLE mailbox_token RENAME TO mailbox_token_away");

                assertThatThrownBy(() -> hosted.resolve(token))
                        .isInstanceOf(StorageException.class)
                        .hasMessageNotContaining(token);

                statement.execute("ALTER TABLE mailbox_token_away RENAME TO mailbox_token");
            }
            assertThat(hosted.resolve(token)).contains(dev);
        }
    }

    /** @return the token's principal once the store answers again, asking every 100 ms for at most {@code seconds} */
    private static Optional<Principal> resolvedWithin(Hosted hosted, String token, int seconds)
            throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (true) {
            try {
                return hosted.resolve(token);
            } catch (StorageException e) {
                if (System.nanoTime() > deadline) {
                    throw e;
                }
                Thread.sleep(100);
            }
        }
    }
}
