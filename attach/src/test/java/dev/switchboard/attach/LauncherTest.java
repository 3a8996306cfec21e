package dev.switchboard.attach;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;

/** The launcher's part of the attach client (distribution/src/main/dist/bin/switchboard), read from the source tree. */
class LauncherTest {

    /** A serve over HTTP: G1, an idle collection every 30 s, at most 30 % free, a small mark stack (ADR 39, 60). */
    private static final String HTTP = "-XX:+UseG1GC -XX:G1PeriodicGCInterval=30000 -XX:MinHeapFreeRatio=10"
            + " -XX:MaxHeapFreeRatio=30 -XX:MarkStackSize=256k -Xmx512m -Xms8m";

    /**
     * stdio sessions, the shared server and commands: serial, a young generation of at most 32 MiB (ADR 60), shrunk
     * to the free ratio at the first full collection (ADR 76).
     */
    private static final String SERIAL = "-XX:+UseSerialGC -XX:MaxNewSize=32m -XX:MinHeapFreeRatio=10"
            + " -XX:MaxHeapFreeRatio=30 -XX:-ShrinkHeapInSteps -Xmx512m -Xms8m";

    /** The heap options alone, which stay when SWITCHBOARD_JAVA_OPTS names a collector. */
    private static final String HEAP = "-Xmx512m -Xms8m";

    private static final Path LAUNCHER = Path.of("..", "distribution", "src", "main", "dist", "bin", "switchboard");

    @Test
    void theClientHasAHeapForLargeLinesAndExitsOnOutOfMemory() throws IOException {
        String launcher = Files.readString(LAUNCHER);

        assertThat(launcher)
                .contains("-Xmx1g")
                .contains("-XX:+ExitOnOutOfMemoryError")
                .doesNotContain("-Xmx32m");
    }

    @Test
    void serveHelpSkipsTheClient() throws Exception {
        String launcher = Files.readString(LAUNCHER);
        int start = launcher.indexOf("attach_serve() {");
        String function = launcher.substring(start, launcher.indexOf("\n}\n", start) + 3);

        assertThat(attachServe(function, "serve")).isZero();
        assertThat(attachServe(function, "serve --config x.yaml")).isZero();
        assertThat(attachServe(function, "serve --help")).isEqualTo(1);
        assertThat(attachServe(function, "serve --config x.yaml -h")).isEqualTo(1);
    }

    @Test
    void everyServerJvmHasASmallHeapWithACeilingAndHttpACollectorThatReturnsBursts() throws Exception {
        assertThat(memoryOptions("serve", "")).isEqualTo(SERIAL);
        assertThat(memoryOptions("serve --no-attach", "")).isEqualTo(SERIAL);
        assertThat(memoryOptions("status --role a", "")).isEqualTo(SERIAL);
        assertThat(memoryOptions("serve --shared", "")).isEqualTo(SERIAL);
        assertThat(memoryOptions("serve --http", "")).isEqualTo(HTTP);
        assertThat(memoryOptions("serve --transport http", "")).isEqualTo(HTTP);
    }

    @Test
    void aCollectorInSwitchboardJavaOptsReplacesTheLaunchersOwn() throws Exception {
        assertThat(memoryOptions("serve --http", "-Xmx2g -XX:+UseSerialGC")).isEqualTo(HEAP);
        assertThat(memoryOptions("serve", "-XX:+UseZGC")).isEqualTo(HEAP);
        assertThat(memoryOptions("serve", "-Xmx2g")).isEqualTo(SERIAL);
    }

    @Test
    void theHeapAndCollectorOptionsComeBeforeSwitchboardJavaOpts() throws IOException {
        String launcher = Files.readString(LAUNCHER);
        String opts = launcher.substring(launcher.indexOf("\nopts=("), launcher.indexOf("--enable-native-access"));

        assertThat(opts)
                .contains("\"${gc[@]}\" \"${heap[@]}\"")
                .contains("-XX:TrimNativeHeapInterval=30000")
                .contains("-XX:ArchiveRelocationMode=0");
        assertThat(launcher)
                .contains("exec \"$jdk/bin/java\" \"${opts[@]}\" ${SWITCHBOARD_JAVA_OPTS:-} -cp \"$classpath\"");
    }

    /**
     * @return the collector and heap options the launcher's memory_options picks for the words, as one line (a later
     *     -Xmx in SWITCHBOARD_JAVA_OPTS wins in the JVM, so the launcher keeps its own)
     */
    private static String memoryOptions(String words, String javaOpts) throws IOException, InterruptedException {
        String launcher = Files.readString(LAUNCHER);
        String functions = function(launcher, "serves_http() {") + function(launcher, "memory_options() {");
        ProcessBuilder builder = new ProcessBuilder(
                        "bash",
                        "-c",
                        "set -euo pipefail\n" + functions + "memory_options " + words
                                + "\necho \"${gc[*]} ${heap[*]}\"")
                .redirectErrorStream(true);
        builder.environment().put("SWITCHBOARD_JAVA_OPTS", javaOpts);
        Process bash = builder.start();
        bash.getOutputStream().close();
        String output = new String(bash.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(bash.waitFor()).as(output).isZero();
        return output.strip();
    }

    private static String function(String launcher, String header) {
        int start = launcher.indexOf(header);
        return launcher.substring(start, launcher.indexOf("\n}\n", start) + 3);
    }

    /** @return attach_serve's status for the words: 0 runs the client */
    private static int attachServe(String function, String words) throws IOException, InterruptedException {
        Process bash = new ProcessBuilder("bash", "-c", function + "attach_serve " + words)
                .redirectErrorStream(true)
                .start();
        bash.getOutputStream().close();
        String output = new String(bash.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(output).isEmpty();
        return bash.waitFor();
    }
}
