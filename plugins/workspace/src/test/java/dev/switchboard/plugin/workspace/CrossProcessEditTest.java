package dev.switchboard.plugin.workspace;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.switchboard.plugin.workspace.domain.Revision;

/**
 * Several server processes, each with its own state directory and database, edit one file with the same
 * expected_revision at the same moment, round after round: exactly one edit wins each round, the others are refused,
 * and the file holds the winner's change.
 */
class CrossProcessEditTest {

    private static final int SERVERS = 4;
    private static final int ROUNDS = 40;

    @TempDir
    Path base;

    @Test
    @DisplayName("servers on different state directories let exactly one edit win per revision")
    void exactlyOneEditWinsPerRevisionAcrossServers() throws Exception {
        Path home = Files.createDirectory(base.resolve("home"));
        Path file = home.resolve("shared.txt");
        List<Process> servers = new ArrayList<>();
        try {
            for (int i = 0; i < SERVERS; i++) {
                servers.add(new ProcessBuilder(
                                Path.of(System.getProperty("java.home"), "bin", "java")
                                        .toString(),
                                "--enable-native-access=ALL-UNNAMED",
                                "-cp",
                                System.getProperty("java.class.path"),
                                EditRaceProcess.class.getName(),
                                Files.createDirectory(base.resolve("state" + i)).toString(),
                                home.toString())
                        .redirectError(ProcessBuilder.Redirect.DISCARD)
                        .start());
            }
            List<BufferedReader> answers = new ArrayList<>();
            List<Writer> requests = new ArrayList<>();
            for (Process server : servers) {
                answers.add(new BufferedReader(new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8)));
                requests.add(new OutputStreamWriter(server.getOutputStream(), StandardCharsets.UTF_8));
            }
            for (BufferedReader answer : answers) {
                assertThat(answer.readLine()).isEqualTo("ready");
            }

            for (int round = 0; round < ROUNDS; round++) {
                byte[] content = ("round " + round + "\nbase\n").getBytes(StandardCharsets.UTF_8);
                Files.write(file, content);
                String revision = Revision.of(content);
                for (int i = 0; i < SERVERS; i++) {
                    requests.get(i).write(file + " " + revision + " server-" + i + "\n");
                }
                for (Writer request : requests) {
                    request.flush();
                }
                List<Integer> winners = new ArrayList<>();
                for (int i = 0; i < SERVERS; i++) {
                    String answer = answers.get(i).readLine();
                    if (answer.equals("OK")) {
                        winners.add(i);
                    } else {
                        assertThat(answer).as("server %d, round %d", i, round).isIn("REVISION_CONFLICT", "FILE_BUSY");
                    }
                }

                assertThat(winners)
                        .as("servers whose edit succeeded in round %d", round)
                        .hasSize(1);
                assertThat(file).hasContent("round " + round + "\nserver-" + winners.getFirst() + "\n");
            }
        } finally {
            for (Process server : servers) {
                server.destroyForcibly();
            }
        }
    }
}
