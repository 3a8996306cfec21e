package dev.switchboard.kernel.plugin;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import com.google.inject.ProvisionException;
import com.google.inject.spi.Message;

import dev.switchboard.ports.plugin.InvalidSettingException;
import dev.switchboard.ports.storage.StorageException;

class FailureReasonsTest {

    @Test
    void aMalformedSettingBelowGuicesWrapperIsReportedByItsOwnMessage() {
        InvalidSettingException setting =
                new InvalidSettingException("plugins.demo.limit", "0", "a whole number from 1 to 10");
        ProvisionException wrapped = new ProvisionException(List.of(new Message(List.of(), "guice says", setting)));

        assertThat(FailureReasons.of(wrapped))
                .isEqualTo("invalid setting plugins.demo.limit = '0': expected a whole number from 1 to 10");
        assertThat(FailureReasons.isExplainedByItsMessage(wrapped)).isTrue();
    }

    @Test
    void aStorageThatCannotOpenTellsClientsItsClientTextAndTheOperatorWhereItIs() {
        StorageOpenException open = new StorageOpenException(new StorageException(
                "cannot open PostgreSQL at jdbc:postgresql://db.internal:5432/sb as app: Connection refused",
                "cannot open the PostgreSQL storage: the server cannot be reached (SQLSTATE 08001)",
                null));
        ProvisionException wrapped = new ProvisionException(List.of(new Message(List.of(), "guice says", open)));

        assertThat(FailureReasons.of(wrapped)).contains("db.internal:5432", "as app");
        assertThat(FailureReasons.forClients(wrapped))
                .isEqualTo("cannot open the PostgreSQL storage: the server cannot be reached (SQLSTATE 08001)");
    }

    @Test
    void aPluginFailingForWantOfAnUnreachableStorageTellsClientsOnlyTheStoragesClientText() {
        StorageAccess storage = new StorageAccess();
        storage.unavailable(
                "the storage plugin storage-postgres failed: cannot open PostgreSQL at jdbc:postgresql://db:5432/sb",
                "the storage plugin storage-postgres failed: cannot open the PostgreSQL storage");

        Throwable failure = org.assertj.core.api.Assertions.catchThrowable(storage::get);

        assertThat(FailureReasons.of(failure)).contains("jdbc:postgresql://db:5432/sb");
        assertThat(FailureReasons.forClients(failure))
                .isEqualTo("storage is not available: the storage plugin storage-postgres failed: cannot open the"
                        + " PostgreSQL storage");
    }

    @Test
    void aMigrationTheDatabaseRefusesIsExplainedByItsMessageAlone() {
        MigrationFailedException migration = new MigrationFailedException(new StorageException(
                "migration 1 of 'mailbox' (create mailbox tables) failed and was rolled back: ERROR: the mailbox's"
                        + " search needs the pg_trgm extension"));
        ProvisionException wrapped = new ProvisionException(List.of(new Message(List.of(), "guice says", migration)));

        assertThat(FailureReasons.isExplainedByItsMessage(wrapped)).isTrue();
        assertThat(FailureReasons.of(wrapped))
                .isEqualTo("migration 1 of 'mailbox' (create mailbox tables) failed and was rolled back: ERROR: the"
                        + " mailbox's search needs the pg_trgm extension");
        assertThat(FailureReasons.isExplainedByItsMessage(new StorageException("a fault")))
                .isFalse();
    }

    @Test
    void aFailureOtherThanTheStoragesShowsClientsTheSameLineAsTheOperator() {
        IllegalStateException plain = new IllegalStateException("the plugin's own fault");

        assertThat(FailureReasons.forClients(plain)).isEqualTo(FailureReasons.of(plain));
    }

    @Test
    void aPluginFailingForWantOfStorageIsExplainedByTheStoragesReason() {
        StorageAccess storage = new StorageAccess();
        storage.unavailable("the storage plugin storage-sqlite failed: invalid setting");

        Throwable failure = org.assertj.core.api.Assertions.catchThrowable(storage::get);

        assertThat(FailureReasons.of(failure))
                .isEqualTo("storage is not available: the storage plugin storage-sqlite failed: invalid setting");
        assertThat(FailureReasons.isExplainedByItsMessage(
                        new ProvisionException(List.of(new Message(List.of(), "guice says", failure)))))
                .isTrue();
    }

    @Test
    void anyOtherFailureIsNotTakenForASettingProblem() {
        assertThat(FailureReasons.isExplainedByItsMessage(
                        new IllegalStateException("bug", new IllegalArgumentException("not a setting"))))
                .isFalse();
    }
}
