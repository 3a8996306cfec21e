package dev.switchboard.kernel.cli;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;

/**
 * Where the CLI's human-readable output goes: results to {@code out}, usage errors and failures to {@code err}. Only
 * {@link #system()} touches the process's standard streams (a recorded exception in the architecture rules): it is
 * used for every command, and {@code serve} writes nothing to {@code out}, so stdout stays the MCP protocol's.
 *
 * @param out results
 * @param err usage errors and failures
 */
record Console(PrintWriter out, PrintWriter err) {

    /** @return a console on the process's stdout and stderr, UTF-8, flushed at each line */
    static Console system() {
        return new Console(writer(System.out), writer(System.err));
    }

    private static PrintWriter writer(PrintStream stream) {
        return new PrintWriter(new java.io.OutputStreamWriter(stream, StandardCharsets.UTF_8), true);
    }
}
