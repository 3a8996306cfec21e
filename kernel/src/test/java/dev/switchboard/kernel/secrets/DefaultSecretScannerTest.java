package dev.switchboard.kernel.secrets;

import static dev.switchboard.kernel.secrets.Samples.alnum;
import static dev.switchboard.kernel.secrets.Samples.jwt;
import static dev.switchboard.kernel.secrets.Samples.upper;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatNullPointerException;

import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import dev.switchboard.ports.secrets.SecretFinding;

class DefaultSecretScannerTest {

    private final DefaultSecretScanner scanner = new DefaultSecretScanner();

    @Test
    void nullAndEmptyTextAreClean() {
        assertThat(scanner.scan("content", null)).isEmpty();
        assertThat(scanner.scan("content", "")).isEmpty();
    }

    @Test
    void ordinaryProseIsClean() {
        String prose = """
                Switchboard hosts plugins. Each call carries a bearer of good news; see https://example.com/docs
                and mail admin@example.com. Keys live in the vault, e.g. the RSA private key is rotated monthly.
                """;

        assertThat(scanner.scan("content", prose)).isEmpty();
    }

    @Test
    void rejectsNullField() {
        assertThatNullPointerException().isThrownBy(() -> scanner.scan(null, "text"));
    }

    @Test
    void reportsSeveralSecretsInOffsetOrderWithTheirField() {
        String github = "ghp_" + alnum(36);
        String aws = "AKIA" + upper(16);
        String own = DefaultSecretScanner.SWITCHBOARD_TOKEN_PREFIX + alnum(43);
        String text = "first " + own + " then " + github + " and last " + aws + ".";

        List<SecretFinding> findings = scanner.scan("notes", text);

        assertThat(findings)
                .containsExactly(
                        new SecretFinding("switchboard-token", "notes", text.indexOf(own)),
                        new SecretFinding("github-token", "notes", text.indexOf(github)),
                        new SecretFinding("aws-access-key-id", "notes", text.indexOf(aws)));
    }

    @Test
    void reportsEveryOccurrenceOfTheSameSecret() {
        String key = "AKIA" + upper(16);
        String text = key + "\n" + key;

        assertThat(scanner.scan("content", text))
                .extracting(SecretFinding::offset)
                .containsExactly(0, key.length() + 1);
    }

    @Test
    void countsOffsetsInUtf16Chars() {
        String key = "AKIA" + upper(16);
        String text = "😀 é " + key;

        assertThat(scanner.scan("content", text))
                .extracting(SecretFinding::offset)
                .containsExactly(5);
    }

    @Test
    void reportsBothTheBearerHeaderAndTheJwtInsideIt() {
        String text = "Authorization: Bearer " + jwt();

        assertThat(scanner.scan("content", text))
                .containsExactly(
                        new SecretFinding("bearer-token", "content", 0),
                        new SecretFinding("jwt", "content", "Authorization: Bearer ".length()));
    }

    @Test
    void listsEveryRuleWithAKebabCaseIdAndADescription() {
        assertThat(scanner.rules()).hasSize(15).allSatisfy(rule -> {
            assertThat(rule.id()).matches("[a-z0-9]+(-[a-z0-9]+)*");
            assertThat(rule.description()).isNotBlank();
        });
        assertThat(scanner.rules()).extracting(RuleInfo::id).doesNotHaveDuplicates();
    }

    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void scansMegabytesOfAdversarialNearMisses() {
        String[] traps = {
            "eyJ",
            "x://a:",
            "Bearer a1 ",
            "sk-" + "a".repeat(19) + " ",
            "-----BEGIN A B C D ",
            "Authorization: Bearer ",
            "glpat-ab ",
            "https://hooks.slack.com/services/T",
            "AKIA"
        };
        StringBuilder text = new StringBuilder();
        for (String trap : traps) {
            text.append(trap.repeat(400_000 / trap.length())).append('\n');
        }

        assertThat(scanner.scan("content", text.toString())).isEmpty();
    }
}
