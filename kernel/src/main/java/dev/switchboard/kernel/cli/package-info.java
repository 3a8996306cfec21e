/**
 * The command line ({@code switchboard serve|doctor|plugins|token|storage}), parsed with Apache Commons CLI. Usage errors exit
 * with 2, failures with 1 ({@code storage copy}: 3 when refused, nothing written). {@code serve} writes nothing but JSON-RPC to stdout; every command logs to stderr; no
 * command ever prints a token.
 */
package dev.switchboard.kernel.cli;
