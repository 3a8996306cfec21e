package dev.switchboard.kernel.cli;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;

/**
 * Where the CLI's human-readable output goes: results to {@code out}, usage errors and failures to {@code err}. Only
 * {@link #system()} touches the process's standard streams (a recorded exception in the architecture rules): it is
 * used for every command (and by the hooks' direct path, ADR 25), and {@code serve} writes nothing to {@code out}, so
 * stdout stays the MCP protocol's.
 *
 * @param out results
 * @param err usage errors and failures
 * @param in  standard input, for plugin subcommands that read it (a hook's JSON)
 */
public record Console(PrintWriter out, PrintWriter err, InputStream in) {

    /**
     * A console without input.
     *
     * @param out results
     * @param err usage errors and failures
     */
    Console(PrintWriter out, PrintWriter err) {
        this(out, err, InputStream.nullInputStream());
    }

    /** @return a console on the process's stdin, stdout and stderr, UTF-8, flushed at each line */
    public static Console system() {
        return new Console(writer(System.out), writer(System.err), System.in);
    }

    /**
     * The process's standard output as raw bytes, unbuffered, for a program whose stdout is a byte protocol relayed
     * unchanged (the attach client): a failed write (the reader went away) throws, as a
     * {@link PrintStream} would not. Only this class opens it (the architecture rules' recorded exception).
     *
     * @return a new stream on file descriptor 1; closing it closes stdout
     */
    public static OutputStream standardOutput() {
        return new FileOutputStream(FileDescriptor.out);
    }

    private static PrintWriter writer(PrintStream stream) {
        return new PrintWriter(new java.io.OutputStreamWriter(stream, StandardCharsets.UTF_8), true);
    }
}
