package dev.switchboard.plugin.mailbox;

import dev.switchboard.plugin.mailbox.hook.adapter.out.file.SnapshotFile;
import dev.switchboard.plugin.mailbox.hook.adapter.out.file.TokenFile;
import dev.switchboard.plugin.mailbox.hook.adapter.out.remote.HttpRemoteCounts;
import dev.switchboard.plugin.mailbox.hook.application.CountsLookup;
import dev.switchboard.plugin.mailbox.hook.application.HookSettings;
import dev.switchboard.plugin.mailbox.hook.application.StopHook;
import dev.switchboard.plugin.mailbox.hook.application.port.out.LocalCounts;
import dev.switchboard.plugin.mailbox.hook.application.port.out.SnapshotStore;

/**
 * The hook commands' services, wired once for every way the mailbox runs them: {@link MailboxModule} provides them to
 * the server and to the kernel's storage-only start (ADR 23), {@link DirectHooks} builds them for the hooks' direct
 * path (ADR 25) and for a shared server's answer ({@link AttachedHooks}, ADR 41). Which adapter serves each of the
 * hooks' ports (the server's counts over HTTP, the token file, the snapshot file) is chosen here and nowhere else.
 * Plain Java, so the direct path loads no Guice. Stateless; each call builds new services.
 */
final class HookServices {

    private HookServices() {}

    /**
     * @param settings the hooks' settings (remote URL, state directory)
     * @param local    where the local counts are read (the plugin's storage, or the direct path's connection)
     * @return the lookup that reads a role's counts locally or from the hosted server
     */
    static CountsLookup countsLookup(HookSettings settings, LocalCounts local) {
        return new CountsLookup(settings, local, new HttpRemoteCounts(), new TokenFile());
    }

    /**
     * @param settings the hooks' settings (the snapshots' directory)
     * @return where a session's last counts are kept between hooks
     */
    static SnapshotStore snapshots(HookSettings settings) {
        return new SnapshotFile(settings);
    }

    /**
     * @param settings the hooks' settings
     * @param lookup   the counts lookup ({@link #countsLookup})
     * @return the Stop hook's use case
     */
    static StopHook stopHook(HookSettings settings, CountsLookup lookup) {
        return new StopHook(lookup, snapshots(settings));
    }
}
