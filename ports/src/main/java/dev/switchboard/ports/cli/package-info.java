/**
 * Command-line subcommands contributed by plugins: the {@link dev.switchboard.ports.cli.Subcommand} extension point
 * (such as {@code switchboard mailbox import PATH}), the {@link dev.switchboard.ports.cli.SubcommandOption}s it
 * declares, the {@link dev.switchboard.ports.cli.SubcommandCall} it runs with, and the
 * {@link dev.switchboard.ports.cli.SubcommandUsageException} it throws for a wrong command line. JDK types only: the
 * kernel parses the command line with its own library.
 */
package dev.switchboard.ports.cli;
