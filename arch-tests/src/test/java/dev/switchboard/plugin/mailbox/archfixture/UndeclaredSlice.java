package dev.switchboard.plugin.mailbox.archfixture;

/** A class in a package below the mailbox's root that the slice table does not declare. */
final class UndeclaredSlice {

    private UndeclaredSlice() {}
}
