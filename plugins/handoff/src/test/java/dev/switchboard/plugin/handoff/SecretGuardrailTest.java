package dev.switchboard.plugin.handoff;

import static dev.switchboard.plugin.handoff.HandoffHarness.with;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import dev.switchboard.ports.tool.ToolResult;

/**
 * Acceptance behaviours 13-17 of spec §3A, and one refused and one accepted publish for every rule of the kernel's
 * default secret scanner that the guardrail relies on. Samples are assembled from pieces so that this file does not
 * itself look like it holds credentials.
 */
@ParameterizedClass(name = "on {0}")
@ValueSource(strings = {HandoffHarness.SQLITE, HandoffHarness.POSTGRES})
class SecretGuardrailTest {

    @Parameter
    String backend;

    private static final String PEM_HEADER = "-----BEGIN " + "RSA PRIVATE KEY-----";
    private static final String AWS_KEY_ID = "AKIA" + "IOSFODNN7EXAMPLE";
    private static final String GITHUB_TOKEN = "ghp" + "_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8";
    private static final Map<String, Object> BASE = Map.of(
            "project",
            "raveil",
            "title",
            "Deploy notes",
            "summary",
            "How we deploy",
            "content",
            "Nothing secret here.");

    @TempDir
    Path dir;

    private HandoffHarness handoff;

    @AfterEach
    void close() {
        handoff.close();
    }

    @Test
    @DisplayName("3A.13 a PEM private-key header is refused; nothing is stored and the secret is not echoed")
    void aPemPrivateKeyHeaderIsRefusedWithoutEchoingIt() {
        openWith(Map.of());
        String content = "Key for the server:\n" + PEM_HEADER + "\nMIIEowIBAAKCAQEA7\n";

        ToolResult.Failure failure =
                handoff.refused("frontispice_publish_handoff", with(BASE, "content", content), "SECRET_DETECTED");

        assertThat(failure.details()).containsEntry("field", "content");
        assertThat(rules(failure)).containsExactly("private-key");
        assertNotEchoed(failure, PEM_HEADER);
        assertNothingStored();
    }

    @ParameterizedTest(name = "in {0}")
    @ValueSource(strings = {"content", "title", "summary", "tags"})
    @DisplayName("3A.14 an AWS key id or a GitHub token is refused in content, title, summary or tags")
    void awsKeyIdsAndGithubTokensAreRefusedInEveryScannedField(String field) {
        openWith(Map.of());
        for (String secret : List.of(AWS_KEY_ID, GITHUB_TOKEN)) {
            Object value = field.equals("tags") ? List.of("ops", "token " + secret) : "see " + secret;

            ToolResult.Failure failure =
                    handoff.refused("frontispice_publish_handoff", with(BASE, field, value), "SECRET_DETECTED");

            assertThat((String) failure.details().get("field")).startsWith(field);
            assertNotEchoed(failure, secret);
        }
        assertNothingStored();
    }

    @Test
    void aCredentialInTheSourceReferenceIsRefused() {
        openWith(Map.of());
        handoff.refused(
                "frontispice_publish_handoff",
                with(BASE, "source_reference", "https://user:" + "s3cretpass@example.com/chat"),
                "SECRET_DETECTED");
    }

    @Test
    @DisplayName("3A.15 allow_sensitive=true without the operator setting is still refused")
    void theCallersOverrideAloneIsRefused() {
        openWith(Map.of());

        ToolResult.Failure failure = handoff.refused(
                "frontispice_publish_handoff",
                with(with(BASE, "content", PEM_HEADER), "allow_sensitive", true),
                "SECRET_DETECTED");

        assertThat(failure.details()).containsEntry("override_available", false);
        assertThat(failure.message()).contains("plugins.handoff.allow-sensitive");
        assertNothingStored();
    }

    @Test
    @DisplayName("3A.16 the operator setting without allow_sensitive=true on the call is still refused")
    void theOperatorSettingAloneIsRefused() {
        openWith(Map.of("allow-sensitive", "true"));

        handoff.refused("frontispice_publish_handoff", with(BASE, "content", PEM_HEADER), "SECRET_DETECTED");

        assertNothingStored();
    }

    @Test
    @DisplayName("3A.17 with both set the content is accepted and the handoff records the override")
    void bothHalvesOfTheOverrideStoreTheHandoffAndRecordIt() {
        openWith(Map.of("allow-sensitive", true));

        Map<String, Object> result = handoff.ok(
                "frontispice_publish_handoff", with(with(BASE, "content", PEM_HEADER), "allow_sensitive", true));

        assertThat(result).containsEntry("sensitive_override", true);
        @SuppressWarnings("unchecked")
        Object id = ((Map<String, Object>) result.get("receipt")).get("handoff_id");
        Map<String, Object> read =
                handoff.ok("frontispice_read_handoff", Map.of("project", "raveil", "handoff_id", id));
        assertThat(read)
                .containsEntry("sensitive_override", true)
                .containsEntry("override_rules", List.of("private-key"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rules")
    void eachRuleRefusesItsSecret(String rule, String secret, String nearMiss) {
        openWith(Map.of());

        ToolResult.Failure failure = handoff.refused(
                "frontispice_publish_handoff",
                with(BASE, "content", "Notes before: " + secret + " and after."),
                "SECRET_DETECTED");

        assertThat(rules(failure)).contains(rule);
        assertNotEchoed(failure, secret);
        assertNothingStored();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rules")
    void eachRuleLetsItsNearMissThrough(String rule, String secret, String nearMiss) {
        openWith(Map.of());

        handoff.publish(with(BASE, "content", "Notes before: " + nearMiss + " and after."));
    }

    /** Rule id, a value it must catch, and a similar value it must let through (see docs/secret-rules.md). */
    static Stream<Arguments> rules() {
        return Stream.of(
                Arguments.of("private-key", PEM_HEADER, "-----BEGIN " + "PUBLIC KEY-----"),
                Arguments.of("aws-access-key-id", AWS_KEY_ID, "AKIA" + "IOSFODNN7EXAMP"),
                Arguments.of("github-token", GITHUB_TOKEN, "ghp" + "_" + "shortToken123"),
                Arguments.of("gitlab-token", "glpat" + "-" + "xYz12AbC34dEf56GhI78", "glpat" + "-" + "short1"),
                Arguments.of("slack-token", "xoxb" + "-" + "2400000000-ab12cd34", "xapp" + "-" + "2400000000-ab12cd34"),
                Arguments.of(
                        "stripe-key",
                        "sk_live" + "_" + "4eC39HqLyjWDarjtT1zdp7dc",
                        "pk_live" + "_" + "4eC39HqLyjWDarjtT1zdp7dc"),
                Arguments.of(
                        "openai-api-key",
                        "sk" + "-proj-" + "Ab12Cd34Ef56Gh78Ij90Kl",
                        "task" + "-list-for-the-week-ahead-x"),
                Arguments.of(
                        "anthropic-api-key", "sk" + "-ant-" + "api03-Ab12Cd34Ef56Gh78Ij", "sk" + "-ant-" + "short"),
                Arguments.of(
                        "google-api-key", "AIza" + "SyA1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q", "AIza" + "SyA1b2C3d4E5f6G7"),
                Arguments.of(
                        "npm-token", "npm" + "_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8", "npm" + "_config_cache"),
                Arguments.of(
                        "jwt",
                        "eyJhbGciOiJIUzI1NiJ9" + "." + "eyJzdWIiOiIxMjM0NTY3ODkwIn0" + "."
                                + "SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV",
                        "eyJhbGciOiJIUzI1NiJ9" + ".notjson"),
                Arguments.of(
                        "url-credentials",
                        "postgres://admin:" + "hunter2pass@db.example.com/app",
                        "ssh://git@example.com/org/repo.git"),
                Arguments.of(
                        "bearer-token",
                        "Authorization: Bearer " + "abcDEF123456ghiJKL7890",
                        "Authorization: Bearer $TOKEN"),
                Arguments.of(
                        "switchboard-token", "sbt" + "_" + "A".repeat(21) + "b".repeat(22), "sbt" + "_" + "tooShort"));
    }

    private void openWith(Map<String, Object> settings) {
        handoff = HandoffHarness.open(backend, dir, settings);
        handoff.register("raveil");
    }

    private void assertNothingStored() {
        assertThat(handoff.ok("frontispice_project_status", Map.of("project", "raveil")))
                .containsEntry("handoff_count", 0L);
    }

    private static void assertNotEchoed(ToolResult.Failure failure, String secret) {
        assertThat(failure.message()).doesNotContain(secret);
        assertThat(String.valueOf(failure.details())).doesNotContain(secret);
    }

    @SuppressWarnings("unchecked")
    private static List<String> rules(ToolResult.Failure failure) {
        return ((List<Map<String, Object>>) failure.details().get("findings"))
                .stream().map(finding -> (String) finding.get("rule")).toList();
    }
}
