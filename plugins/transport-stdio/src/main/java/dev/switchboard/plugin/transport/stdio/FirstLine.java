package dev.switchboard.plugin.transport.stdio;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.util.Arrays;

/**
 * Reads the first line of a connection (the hello) in blocks, keeping whatever arrived after its newline for the
 * session that follows. Not thread-safe: one per connection, used by the thread that accepted it.
 *
 * @param line the line's bytes, without the newline (nor a {@code \r} before it)
 * @param rest the bytes that arrived after the newline, to be read before the channel's next ones
 */
record FirstLine(byte[] line, byte[] rest) {

    /** The longest first line accepted: 1 MiB (a hello carries the client's whole environment). */
    static final int MAX_BYTES = 1024 * 1024;

    private static final int BLOCK = 16 * 1024;

    /**
     * @param channel a blocking channel
     * @return the first line, or null if the channel ended before a newline
     * @throws AttachRefusal {@code INVALID} if no newline comes within {@link #MAX_BYTES}
     * @throws IOException   if reading fails (including the channel closed by the hello's deadline)
     */
    static FirstLine read(SocketChannel channel) throws IOException {
        byte[] seen = new byte[0];
        ByteBuffer block = ByteBuffer.allocate(BLOCK);
        while (true) {
            block.clear();
            int read = channel.read(block);
            if (read < 0) {
                return null;
            }
            int from = seen.length;
            seen = Arrays.copyOf(seen, from + read);
            System.arraycopy(block.array(), 0, seen, from, read);
            for (int i = from; i < seen.length; i++) {
                if (seen[i] == '\n') {
                    int end = i > 0 && seen[i - 1] == '\r' ? i - 1 : i;
                    return new FirstLine(Arrays.copyOf(seen, end), Arrays.copyOfRange(seen, i + 1, seen.length));
                }
            }
            if (seen.length > MAX_BYTES) {
                throw AttachRefusal.invalid("the first line is longer than " + MAX_BYTES + " bytes");
            }
        }
    }

    /**
     * @param channel the channel the line was read from
     * @return the bytes after the line, then the channel's
     */
    InputStream remainder(SocketChannel channel) {
        InputStream socket = Channels.newInputStream(channel);
        return rest.length == 0 ? socket : new SequenceInputStream(new ByteArrayInputStream(rest), socket);
    }
}
