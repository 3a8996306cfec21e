package dev.switchboard.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceLock;

import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema;
import tools.jackson.databind.JsonNode;

import dev.switchboard.testkit.distribution.HttpServe;
import dev.switchboard.testkit.distribution.Installation;
import dev.switchboard.testkit.distribution.Json;
import dev.switchboard.testkit.distribution.McpClients;
import dev.switchboard.testkit.distribution.RawSession;

/**
 * The proof that a third party can write a plugin: {@code samples/hello-plugin}, a Maven project of its own (not in
 * the reactor) that compiles against {@code switchboard-ports} and tests with {@code switchboard-testkit} only, is
 * built here by a child {@code mvn package} (its own testkit-based tests run inside that build), its zip dropped into
 * a copy of the built distribution's {@code plugins/}, and its tool called over stdio and HTTP and its endpoint
 * requested with the owner token.
 *
 * <p>Runs beside the other end-to-end classes ({@link ExecutionMode#CONCURRENT}; docs/testing.md, "Ordering and
 * threads"): its copy of the sample, its child Maven build, its installation and server processes are its own and it
 * asserts no time (the build's 170 s is a bound against a hang); its tests run in turn on the class's thread (the lock
 * on the class's own name).
 */
@Execution(ExecutionMode.CONCURRENT)
@ResourceLock("SamplePluginIT")
class SamplePluginIT {

    private static final Duration BUILD_TIMEOUT = Duration.ofSeconds(170);

    @TempDir
    static Path dir;

    private static Installation installation;

    @BeforeAll
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    static void buildTheSampleAndInstallItsZip() throws IOException, InterruptedException {
        Path sample = copySample(dir.resolve("hello-plugin"));
        Path zip = build(sample).resolve("target/hello-1.0.0.zip");
        assertThat(zip).exists();
        // the sample's own testkit-based tests ran in that build, and passed
        assertThat(sample.resolve("target/surefire-reports/TEST-com.example.hello.HelloPluginTest.xml"))
                .content(StandardCharsets.UTF_8)
                .contains("tests=\"2\"", "failures=\"0\"", "errors=\"0\"");
        installation = Installation.copyOfBuilt(dir.resolve("install"));
        Files.copy(zip, installation.pluginsDir().resolve("hello-1.0.0.zip"));
    }

    @Test
    void theToolAnswersOverStdio() {
        try (RawSession stdio = installation.serve()) {
            stdio.initialize(1);
            stdio.send(Json.request(2, "tools/list", Map.of()));
            JsonNode listed = stdio.awaitResponse(2);
            List<String> names = new ArrayList<>();
            listed.path("result")
                    .path("tools")
                    .forEach(tool -> names.add(tool.path("name").asString()));
            assertThat(names).as(stdio.log()).contains("hello_greet", "server_info");

            stdio.send(Json.toolCall(3, "hello_greet", Map.of("name", "Ada", "shout", true)));
            JsonNode greeted = stdio.awaitResponse(3).path("result");
            assertThat(greeted.path("isError").asBoolean(false))
                    .as(greeted.toString())
                    .isFalse();
            assertThat(greeted.path("structuredContent").path("greeting").asString())
                    .isEqualTo("HELLO, ADA!");

            // the kernel validates against the plugin's schema before the plugin's code runs
            stdio.send(Json.toolCall(4, "hello_greet", Map.of("name", 7)));
            JsonNode refused = stdio.awaitResponse(4).path("result");
            assertThat(refused.path("isError").asBoolean())
                    .as(refused.toString())
                    .isTrue();
            assertThat(refused.path("structuredContent").path("code").asString())
                    .isEqualTo("INVALID_ARGUMENTS");

            stdio.closeStdin();
            assertThat(stdio.awaitExit()).as(stdio.log()).isZero();
        }
    }

    @Test
    void theToolAndTheEndpointAnswerOverHttp() throws IOException, InterruptedException {
        try (HttpServe server = HttpServe.start(installation, Map.of(), dir.resolve("http.log"))) {
            try (McpSyncClient client = McpClients.http(
                    server, "switchboard-e2e-sample", ConcurrentHashMap.newKeySet(), McpClients.TIMEOUT, b -> b)) {
                client.initialize();
                McpSchema.CallToolResult result =
                        client.callTool(new McpSchema.CallToolRequest("hello_greet", Map.of("name", "Grace")));
                assertThat(result.isError()).as(server.log()).isFalse();
                assertThat(((Map<?, ?>) result.structuredContent()).get("greeting"))
                        .isEqualTo("Hello, Grace!");
            }
            try (HttpClient http = HttpClient.newHttpClient()) {
                HttpResponse<String> owner = http.send(
                        HttpRequest.newBuilder(server.uri("/hello?name=Ada"))
                                .header("Authorization", "Bearer " + server.token())
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
                assertThat(owner.statusCode()).as(owner.body() + server.log()).isEqualTo(200);
                assertThat(owner.body()).isEqualTo("Hello, Ada!");
                assertThat(owner.headers().firstValue("X-Content-Type-Options")).contains("nosniff");

                HttpResponse<String> anonymous = http.send(
                        HttpRequest.newBuilder(server.uri("/hello")).build(), HttpResponse.BodyHandlers.ofString());
                assertThat(anonymous.statusCode()).isEqualTo(401);
            }
        }
    }

    /** Copies the sample's sources (not a {@code target/} left by a build by hand) into {@code to}. */
    private static Path copySample(Path to) throws IOException {
        Path from = Path.of(System.getProperty("switchboard.e2e.repository"), "samples", "hello-plugin")
                .toAbsolutePath()
                .normalize();
        try (Stream<Path> files = Files.walk(from)) {
            files.filter(path -> !from.relativize(path).startsWith("target")).forEach(path -> {
                try {
                    Files.copy(path, to.resolve(from.relativize(path).toString()), StandardCopyOption.COPY_ATTRIBUTES);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
        return to;
    }

    /**
     * {@code mvn -B -ntp -q package} in the sample, with this build's local repository (where the reactor
     * installed {@code ports} and {@code testkit}) and this JVM as {@code JAVA_HOME}. Not offline: on a fresh machine
     * the sample may need a build plugin the reactor never downloaded.
     */
    private static Path build(Path sample) throws IOException, InterruptedException {
        String mavenHome = System.getProperty("switchboard.e2e.maven-home", "");
        Path installed = Path.of(mavenHome, "bin", "mvn");
        List<String> command = new ArrayList<>(List.of(
                !mavenHome.isBlank() && Files.isExecutable(installed) ? installed.toString() : "mvn",
                "-B",
                "-ntp",
                "-q",
                "package",
                "-Dswitchboard.version=" + System.getProperty("switchboard.e2e.version")));
        String repository = System.getProperty("switchboard.e2e.maven-repo", System.getProperty("maven.repo.local"));
        if (repository != null && !repository.isBlank()) {
            command.add("-Dmaven.repo.local=" + repository);
        }
        Path log = dir.resolve("sample-build.log");
        ProcessBuilder builder = new ProcessBuilder(command)
                .directory(sample.toFile())
                .redirectErrorStream(true)
                .redirectOutput(log.toFile());
        builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
        Process process = builder.start();
        if (!process.waitFor(BUILD_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("the sample's build did not end in " + BUILD_TIMEOUT + ":\n" + read(log));
        }
        assertThat(process.exitValue())
                .as("%s failed:%n%s", String.join(" ", command), read(log))
                .isZero();
        return sample;
    }

    private static String read(Path log) throws IOException {
        return Files.readString(log, StandardCharsets.UTF_8);
    }
}
