package dev.switchboard.kernel.cli;

import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;

/** One subcommand of {@code switchboard}. */
interface CliCommand {

    /** @return the word that selects it, such as {@code serve} */
    String name();

    /** @return the positional arguments it takes, for the usage line, such as {@code list|enable ID|disable ID} */
    default String arguments() {
        return "";
    }

    /** @return one line saying what it does */
    String summary();

    /** @return its options, besides {@code --help}, {@code --home} and {@code --config} which every command has */
    default Options options() {
        return new Options();
    }

    /**
     * @param line     the parsed options and positional arguments
     * @param settings where the installation and configuration are
     * @param console  where to write results
     * @return the exit status
     * @throws UsageException if the positional arguments are wrong
     * @throws InterruptedException if interrupted while serving
     */
    int run(CommandLine line, Settings settings, Console console) throws InterruptedException;
}
