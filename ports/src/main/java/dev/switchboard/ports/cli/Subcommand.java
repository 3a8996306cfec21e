package dev.switchboard.ports.cli;

import java.util.List;

import org.pf4j.ExtensionPoint;

/**
 * Extension point of a plugin's command-line subcommand, such as {@code switchboard mailbox import PATH}.
 * {@code switchboard --help} lists every enabled plugin's subcommands; {@code switchboard WORD ... --help} prints one's
 * usage without starting anything.
 *
 * <p><b>How it runs.</b> The kernel reads the configuration, loads the enabled plugins, finds the subcommand whose
 * {@link #path()} the leading words of the command line spell, and parses the rest against {@link #options()} (an
 * unknown option, or a missing option value, is a usage error). Then it starts what a tool call would find: the
 * storage plugins (the configured backend opened), and this plugin (its migrations applied, its managed services
 * started); no other plugin contributes, and no transport starts. {@link #run} is then called once, on the main thread.
 * Afterwards the kernel stops the plugins and closes the storage, and the process exits with the status {@code run}
 * returned. {@link #checkUsage} runs before anything starts, so a wrong command line creates no state.
 *
 * <p><b>Exit statuses</b>, as for the kernel's own commands: {@link #DONE} 0, {@link #FAILED} 1 (the work failed;
 * nothing half-written), {@link #USAGE} 2 (the command line or the setup is wrong: a bad argument, a file that cannot
 * be read, storage that cannot be opened, this plugin failing to start), {@link #REFUSED} 3 (the data refuses the work,
 * such as a target that is not empty; nothing written). A subcommand may answer other statuses of its own (a status
 * command: 1 "something needs attention"); it documents them in its {@link #summary()} or usage.
 *
 * <p><b>Building.</b> The extension is built by the plugin's injector before the storage is open (to list it and
 * parse its options): its constructor MUST NOT reach storage. It asks for the services it needs in {@link #run},
 * through {@link SubcommandCall#service(Class)}.
 *
 * <p>Errors: anything {@code run} throws is reported as one line on standard error ({@code switchboard: <path>
 * failed: <message>}), never with a stack trace, and exits {@link #FAILED}; a {@link SubcommandUsageException} prints
 * the message and the usage and exits {@link #usageStatus()}. Not called concurrently.
 */
public interface Subcommand extends ExtensionPoint {

    /** Exit status: done. */
    int DONE = 0;

    /** Exit status: the work failed; nothing was half-written. */
    int FAILED = 1;

    /** Exit status: a usage or setup error (bad arguments, unreadable input, storage or plugin not available). */
    int USAGE = 2;

    /** Exit status: refused by the data (nothing written), as {@code storage copy} refuses a non-empty target. */
    int REFUSED = 3;

    /**
     * @return the words that select it, such as {@code [mailbox, import]}: one or more, each matching
     *         {@code [a-z][a-z0-9-]{0,31}}; the first MUST NOT be a kernel command ({@code serve}, {@code doctor},
     *         {@code plugins}, {@code token}, {@code storage}, {@code help}) and no two subcommands may have the same
     *         path (the later plugin's is ignored, with a warning). MUST return the same value on every call.
     */
    List<String> path();

    /** @return the positional arguments it takes after its path, for the usage line, such as {@code PATH}; or empty */
    default String arguments() {
        return "";
    }

    /** @return one line saying what it does, for {@code switchboard --help} */
    String summary();

    /**
     * @return its options, besides {@code --help}, {@code --home}, {@code --config} and {@code --state-dir}, which
     *         every command has and the kernel handles
     */
    default List<SubcommandOption> options() {
        return List.of();
    }

    /**
     * @return text printed after the options in the subcommand's usage, such as its exit statuses; or empty
     */
    default String footer() {
        return "";
    }

    /**
     * Checks the command line before anything starts, so that a wrong one creates no state (no database file, no
     * migration): the positional arguments' count and form, the options' values. The kernel calls it after parsing
     * and before starting the storage and the plugin; {@link SubcommandCall#service(Class)} is not available yet (it
     * throws {@link IllegalStateException}). The default accepts everything.
     *
     * @param call the parsed command line and the output streams
     * @throws SubcommandUsageException if the command line is wrong
     */
    default void checkUsage(SubcommandCall call) {}

    /**
     * @return the exit status of a usage error of this subcommand (an unknown option, a
     *         {@link SubcommandUsageException}); {@link #USAGE} unless a caller's protocol needs another (a hook that
     *         must never fail its client answers 0)
     */
    default int usageStatus() {
        return USAGE;
    }

    /** What the kernel starts before {@link #run}. */
    enum Start {
        /** The storage plugins (the configured backend opened) and this plugin (migrations, contributions, services). */
        PLUGIN,
        /**
         * The storage plugins only (the configured backend opened, and only if its database exists:
         * {@code StorageProvider.openExisting}, so a store no server has used is a setup error, not created): this
         * plugin's migrations are not applied, nothing of it is registered and none of its services starts;
         * {@link SubcommandCall#service(Class)} still builds from its injector. For a fast read-only command (a hook
         * that runs at every turn end).
         */
        STORAGE,
        /**
         * As {@link #PLUGIN}, but the configured backend is opened only if its database exists (as for
         * {@link #STORAGE}): for a command that writes what only a server on that store can use, such as a one-use
         * board link, so that a wrong or missing state directory is a setup error instead of a new, empty store and
         * a result no server will ever honour.
         */
        PLUGIN_ON_EXISTING_STORE,
        /** Nothing: no storage opens; {@link SubcommandCall#service(Class)} builds only what needs no storage. */
        NOTHING
    }

    /**
     * Decides, after {@link #checkUsage} and before anything starts, what {@link #run} needs. When the kernel looks
     * for a subcommand whose plugin's {@code plugin.properties} lists its first word in {@code plugin.commands}, it
     * prepares (phase one) only the storage plugins and the plugins that list that word, so a command that answers
     * {@link Start#STORAGE} or {@link Start#NOTHING} starts no other plugin at all. The default is {@link Start#PLUGIN}.
     *
     * @param call the parsed command line; {@link SubcommandCall#service(Class)} builds only what needs no storage
     *             (the plugin's settings), as nothing has started yet
     * @return what to start
     */
    default Start start(SubcommandCall call) {
        return Start.PLUGIN;
    }

    /**
     * Does the work. Results go to {@link SubcommandCall#out()}, problems to {@link SubcommandCall#err()}.
     *
     * @param call the parsed command line, the output streams and the plugin's services
     * @return the exit status (see the class description)
     * @throws SubcommandUsageException if the positional arguments or the options' values are wrong
     */
    int run(SubcommandCall call);
}
