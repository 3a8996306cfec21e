package dev.switchboard.attach;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;

/** The launcher's part of the attach client (distribution/src/main/dist/bin/switchboard), read from the source tree. */
class LauncherTest {

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
