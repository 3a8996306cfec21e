package dev.switchboard.plugin.archfixture.alpha.adapter.out.persistence;

/**
 * A persistence helper of a plugin's shared core that another capability's adapter of the same plugin uses (as the
 * mailbox's capabilities share the channel core's transaction handle): public because another package of its own
 * plugin reaches it, which {@code public_adapter_and_root_classes_are_entry_points_or_wired_in} allows.
 */
public final class AlphaSharedRows {

    private AlphaSharedRows() {}

    /** @return a row count, for the fixture to call */
    public static int count() {
        return 0;
    }
}
