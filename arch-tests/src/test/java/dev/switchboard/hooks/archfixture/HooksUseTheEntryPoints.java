package dev.switchboard.hooks.archfixture;

import dev.switchboard.plugin.mailbox.DirectHooks;
import dev.switchboard.plugin.storage.sqlite.SqliteSettings;

/** A class of the hooks' direct path that reaches the plugins only through their entry points. */
final class HooksUseTheEntryPoints {

    private HooksUseTheEntryPoints() {}

    static DirectHooks.Store store(SqliteSettings sqlite) {
        return new DirectHooks.Store(sqlite.file(), sqlite.busyTimeoutMs());
    }
}
