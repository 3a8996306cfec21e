package dev.switchboard.ports.cli;

import java.io.InputStream;
import java.io.PrintWriter;
import java.util.List;
import java.util.Optional;

/**
 * What a {@link Subcommand} runs with: its parsed command line, where to write, and its plugin's services. Valid only
 * during {@link Subcommand#run}; used by one thread.
 */
public interface SubcommandCall {

    /** @return the positional arguments after the subcommand's path, in order (such as {@code [messages.db]}) */
    List<String> arguments();

    /**
     * @param name an option's long name, as declared in {@link Subcommand#options()}
     * @return its value, or empty when it was not given
     * @throws IllegalArgumentException if the subcommand declares no such option with a value (a defect)
     */
    Optional<String> option(String name);

    /**
     * @param name a flag's long name, as declared in {@link Subcommand#options()}
     * @return whether it was given
     * @throws IllegalArgumentException if the subcommand declares no such flag (a defect)
     */
    boolean flag(String name);

    /**
     * The common location options the command line gave, for a subcommand that prints a command line to run later
     * against the same installation, configuration and state (the hook commands {@code hook print-config} prints).
     *
     * @return {@code --home DIR}, {@code --config FILE}, {@code --state-dir DIR} as pairs of words, in that order, each
     *     path made absolute and normalised (so the printed line works from any directory): {@code --home} and
     *     {@code --config} when given; {@code --state-dir} with the effective state directory whenever it is not the
     *     default {@code ~/.switchboard}, however it was set (the option, {@code SWITCHBOARD_KERNEL__STATE_DIR}, which
     *     the later process's environment may lack, or {@code kernel.state-dir} in the file); empty when none applies
     */
    default List<String> locationArguments() {
        return List.of();
    }

    /** @return standard output, UTF-8, for results (flush before returning) */
    PrintWriter out();

    /**
     * @return standard input, as bytes (a hook reads its client's JSON there); empty when the caller gives none. Read
     *         it once; never closed by the subcommand
     */
    default InputStream in() {
        return InputStream.nullInputStream();
    }

    /** @return standard error, UTF-8, for problems and progress (flush before returning) */
    PrintWriter err();

    /**
     * The plugin's own services, built by its injector now that storage is open and the plugin started (the same
     * instances its tools get, for singletons).
     *
     * @param type a type the plugin's injector can build, such as a use case
     * @param <T>  that type
     * @return the instance
     * @throws IllegalStateException if the injector cannot build it (a defect), or when called from
     *         {@link Subcommand#checkUsage}, before the plugin has started
     */
    <T> T service(Class<T> type);
}
