/**
 * The command line ({@code switchboard serve|doctor|plugins|token}), parsed with Apache Commons CLI. Usage errors exit
 * with 2, failures with 1. {@code serve} writes nothing but JSON-RPC to stdout; every command logs to stderr; no
 * command ever prints a token.
 */
package dev.switchboard.kernel.cli;
