package dev.switchboard.plugin.transport.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import io.helidon.webserver.WebServer;
import io.helidon.webserver.http.ServerResponse;

import dev.switchboard.ports.http.EndpointResponse;

/**
 * The end of a streamed endpoint answer against a real Helidon server and socket: the keep-alive filler must never be
 * written while or after the body's output closes (commit e030b23e), since on a kept-alive connection bytes written
 * into the closing chunked body cut it or land before the next answer. The transport's writes pass through a
 * watching stream over Helidon's own, which makes the one interleaving that matters happen every time: the filler,
 * due while the body ends, is let through only once the output has begun to close, or once the body's thread is
 * blocked waiting for it (which is what the fix makes it do).
 */
class EndpointRepliesTest {

    private static final String KEEP_ALIVE_THREAD = "switchboard-http-keepalive";

    private WebServer web;

    @AfterEach
    void stop() {
        if (web != null) {
            web.stop();
        }
    }

    @Test
    void noKeepAliveFillerIsWrittenOnceTheOutputBeginsToCloseAndTheConnectionServesTheNextRequest() throws Exception {
        WatchedOutput watched = new WatchedOutput();
        web = WebServer.builder()
                .address(InetAddress.getLoopbackAddress())
                .port(0)
                .shutdownHook(false)
                .routing(routing -> routing.get("/held", (request, response) -> {
                            watched.bodyThread = Thread.currentThread();
                            EndpointReplies.streamed(
                                    watched.around(response),
                                    held(watched),
                                    new ClientGoneSignal(),
                                    CredentialLease.NONE);
                        })
                        .get("/next", (request, response) -> response.send("next")))
                .build()
                .start();

        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), web.port())) {
            socket.setSoTimeout(20_000);
            send(socket, "/held");
            RawHttp.Response first = RawHttp.read(socket.getInputStream());
            assertThat(first.status()).isEqualTo(200);
            assertThat(first.text().strip())
                    .as("the body, and filler around it")
                    .isEqualTo("{\"done\":true}");

            assertThat(watched.fillerReleased.await(20, TimeUnit.SECONDS)).isTrue();
            assertThat(watched.lateWrites)
                    .as("writes of the keep-alive thread that began after the output began to close")
                    .isEmpty();

            send(socket, "/next");
            RawHttp.Response second = RawHttp.read(socket.getInputStream());
            assertThat(second.status())
                    .as("the kept-alive connection answers its next request")
                    .isEqualTo(200);
            assertThat(second.text()).isEqualTo("next");
        }
    }

    /** A streamed answer whose body writes, then ends as soon as the keep-alive filler is due and being written. */
    private static EndpointResponse.Streamed held(WatchedOutput watched) {
        return new EndpointResponse.Streamed(
                200,
                Map.of("Content-Type", List.of("application/json")),
                new EndpointResponse.KeepAlive(" ".getBytes(StandardCharsets.US_ASCII), Duration.ofMillis(100)),
                stream -> {
                    stream.write("{\"done\":true}".getBytes(StandardCharsets.UTF_8));
                    try {
                        watched.fillerDue.await(20, TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    watched.bodyEnded.countDown();
                });
    }

    private static void send(Socket socket, String path) throws IOException {
        OutputStream out = socket.getOutputStream();
        out.write(("GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
        out.flush();
    }

    /**
     * Helidon's response, with its output stream watched: the keep-alive thread's first write is held until the body
     * has ended and then until the output begins to close or the body's thread blocks; every write or flush of that
     * thread that begins after the output began to close is recorded.
     */
    private static final class WatchedOutput {
        final CountDownLatch fillerDue = new CountDownLatch(1);
        final CountDownLatch bodyEnded = new CountDownLatch(1);
        final CountDownLatch fillerReleased = new CountDownLatch(1);
        final List<String> lateWrites = new CopyOnWriteArrayList<>();
        volatile Thread bodyThread;
        volatile boolean closing;

        ServerResponse around(ServerResponse response) {
            return (ServerResponse) Proxy.newProxyInstance(
                    ServerResponse.class.getClassLoader(), new Class<?>[] {ServerResponse.class}, (proxy, m, args) -> {
                        try {
                            Object result = m.invoke(response, args);
                            return m.getName().equals("outputStream") ? stream((OutputStream) result) : result;
                        } catch (InvocationTargetException e) {
                            throw e.getCause();
                        }
                    });
        }

        private OutputStream stream(OutputStream helidon) {
            return new OutputStream() {
                @Override
                public void write(int b) throws IOException {
                    write(new byte[] {(byte) b}, 0, 1);
                }

                @Override
                public void write(byte[] bytes, int offset, int length) throws IOException {
                    if (keepAliveThread()) {
                        holdFirstFiller();
                        record("write");
                    }
                    helidon.write(bytes, offset, length);
                }

                @Override
                public void flush() throws IOException {
                    if (keepAliveThread()) {
                        record("flush");
                    }
                    helidon.flush();
                }

                @Override
                public void close() throws IOException {
                    closing = true;
                    helidon.close();
                }
            };
        }

        private static boolean keepAliveThread() {
            return Thread.currentThread().getName().equals(KEEP_ALIVE_THREAD);
        }

        private void holdFirstFiller() {
            if (fillerReleased.getCount() == 0) {
                return;
            }
            fillerDue.countDown();
            awaitUninterruptibly(bodyEnded);
            // the body has ended: wait for the output to begin closing, unless the body's thread is blocked (on the
            // stream's lock this write holds, which is where the fix makes it wait), then let the filler through
            while (!closing && bodyThread.getState() != Thread.State.BLOCKED) {
                LockSupport.parkNanos(100_000);
            }
            fillerReleased.countDown();
        }

        private void record(String what) {
            if (closing) {
                lateWrites.add(what);
            }
        }

        private static void awaitUninterruptibly(CountDownLatch latch) {
            // the transport interrupts the keep-alive thread when the body ends; this hold must outlast that
            boolean interrupted = false;
            while (true) {
                try {
                    latch.await();
                    break;
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
