package dev.switchboard.plugin.mailbox.pin;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Two server processes on one SQLite file, as two stdio sessions of two roles are. */
class TwoProcessRoundsTest {

    private static final int ROUNDS = 5;

    @TempDir
    Path dir;

    @Test
    @DisplayName("two proposals on one pin key sent at once by two processes on one database: exactly one round opens")
    void onlyOneOfTwoProcessesOpensTheRound() throws Exception {
        List<Process> processes = new ArrayList<>();
        try {
            List<BufferedReader> outs = new ArrayList<>();
            List<PrintWriter> ins = new ArrayList<>();
            for (String[] roles : new String[][] {{"frontend", "backend"}, {"backend", "frontend"}}) {
                Process process = start(roles[0], roles[1]);
                processes.add(process);
                BufferedReader out =
                        new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
                assertThat(out.readLine()).as("the %s server started", roles[0]).isEqualTo("ready");
                outs.add(out);
                ins.add(new PrintWriter(process.getOutputStream(), true, StandardCharsets.UTF_8));
            }
            for (int round = 0; round < ROUNDS; round++) {
                String key = "key-" + round;
                ins.forEach(in -> in.println(key));
                List<String> answers = new ArrayList<>();
                for (BufferedReader out : outs) {
                    answers.add(out.readLine());
                }
                assertThat(answers).as(key).containsExactlyInAnyOrder("ok", "CONFLICT");
            }
            ins.forEach(PrintWriter::close);
            for (Process process : processes) {
                assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
                assertThat(process.exitValue()).isZero();
            }
        } finally {
            processes.forEach(Process::destroyForcibly);
        }
    }

    private Process start(String role, String to) throws Exception {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        return new ProcessBuilder(
                        java.toString(),
                        "-cp",
                        System.getProperty("java.class.path"),
                        ProposerProcess.class.getName(),
                        dir.toString(),
                        role,
                        to)
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
    }
}
