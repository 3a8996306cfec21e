package dev.switchboard.plugin.transport.stdio;

import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.InputStream;
import java.io.OutputStream;

/**
 * The byte streams a stdio session reads from and writes to.
 *
 * @param in  where JSON-RPC lines arrive
 * @param out where JSON-RPC lines go; nothing else may write to it
 */
record StdioStreams(InputStream in, OutputStream out) {

    /**
     * Opens the process's standard input and output, and points {@link System#out} at standard error, so that a stray
     * {@code System.out.println} anywhere in the process cannot corrupt the protocol stream. Input is read from the
     * file descriptor itself: {@link System#in} is a {@code BufferedInputStream}, which copies every read through a
     * second buffer and asks the descriptor {@code available()} (one more system call) after each one.
     */
    static StdioStreams system() {
        System.out.flush();
        OutputStream protocol = new FileOutputStream(FileDescriptor.out);
        System.setOut(System.err);
        return new StdioStreams(new FileInputStream(FileDescriptor.in), protocol);
    }
}
