package dev.switchboard.kernel.storage;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** What `storage copy` leaves to the adapters: their bookkeeping, never a plugin's rows. */
class AdapterOwnedTablesTest {

    @Test
    void theVersionTableAndSqlitesSignalCountersAreTheAdaptersOwnAndAreNotCopied() {
        assertThat(StorageCopy.adapterOwned("switchboard_schema_version")).isTrue();
        assertThat(StorageCopy.adapterOwned("switchboard_signals")).isTrue();
        assertThat(StorageCopy.adapterOwned("handoff_handoff")).isFalse();
        assertThat(StorageCopy.adapterOwned("workspace_receipt")).isFalse();
    }
}
