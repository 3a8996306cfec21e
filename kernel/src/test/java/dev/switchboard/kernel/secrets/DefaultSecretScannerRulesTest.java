package dev.switchboard.kernel.secrets;

import static dev.switchboard.kernel.secrets.Samples.alnum;
import static dev.switchboard.kernel.secrets.Samples.jwt;
import static dev.switchboard.kernel.secrets.Samples.pemHeader;
import static dev.switchboard.kernel.secrets.Samples.upper;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.argumentSet;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import dev.switchboard.ports.secrets.SecretFinding;

class DefaultSecretScannerRulesTest {

    private static final String FIELD = "content";
    private static final String BEFORE = "config follows:\n  value = \"";
    private static final String AFTER = "\"\n  # end of file";

    private final DefaultSecretScanner scanner = new DefaultSecretScanner();

    /** One realistic fake secret per case: the rule that must report it, and the secret itself. */
    static Stream<Arguments> secrets() {
        return Stream.of(
                argumentSet("PEM key without algorithm", "private-key", pemHeader("") + "\nMIIEv" + alnum(40)),
                argumentSet("PEM RSA key", "private-key", pemHeader("RSA ") + "\nMIIEo" + alnum(40)),
                argumentSet("PEM EC key", "private-key", pemHeader("EC ")),
                argumentSet("PEM OpenSSH key", "private-key", pemHeader("OPENSSH ")),
                argumentSet("PEM DSA key", "private-key", pemHeader("DSA ")),
                argumentSet("PEM encrypted key", "private-key", pemHeader("ENCRYPTED ")),
                argumentSet(
                        "PGP private key block", "private-key", "-----" + "BEGIN PGP " + "PRIVATE " + "KEY BLOCK-----"),
                argumentSet("AWS long-term key id", "aws-access-key-id", "AKIA" + upper(16)),
                argumentSet("AWS temporary key id", "aws-access-key-id", "ASIA" + upper(16)),
                argumentSet("GitHub classic PAT", "github-token", "ghp_" + alnum(36)),
                argumentSet("GitHub OAuth token", "github-token", "gho_" + alnum(36)),
                argumentSet("GitHub app server token", "github-token", "ghs_" + alnum(36)),
                argumentSet("GitHub refresh token", "github-token", "ghr_" + alnum(40)),
                argumentSet("GitHub fine-grained PAT", "github-token", "github_pat_" + alnum(22) + "_" + alnum(59)),
                argumentSet("GitLab PAT", "gitlab-token", "glpat-" + alnum(20)),
                argumentSet("Slack bot token", "slack-token", "xoxb-" + "2384728394-2394823948234-" + alnum(24)),
                argumentSet("Slack user token", "slack-token", "xoxp-" + "2384728394-23948-2394-" + alnum(32)),
                argumentSet(
                        "Slack webhook",
                        "slack-token",
                        "https://hooks.slack.com/services/" + "T" + upper(8) + "/B" + upper(10) + "/" + alnum(24)),
                argumentSet("Stripe live secret key", "stripe-key", "sk_live_" + alnum(24)),
                argumentSet("Stripe restricted key", "stripe-key", "rk_live_" + alnum(24)),
                argumentSet("Stripe test secret key", "stripe-key", "sk_test_" + alnum(24)),
                argumentSet("OpenAI legacy key", "openai-api-key", "sk-" + alnum(48)),
                argumentSet("OpenAI project key", "openai-api-key", "sk-" + "proj-" + alnum(40) + "_" + alnum(40)),
                argumentSet("Anthropic key", "anthropic-api-key", "sk-" + "ant-" + "api03-" + alnum(90) + "-AA"),
                argumentSet("Google API key", "google-api-key", "AIza" + alnum(30) + "_-" + alnum(3)),
                argumentSet("npm token", "npm-token", "npm_" + alnum(36)),
                argumentSet("JWT", "jwt", jwt()),
                argumentSet(
                        "database URL with password",
                        "url-credentials",
                        "postgres://" + "app:" + "Zq8" + "vLx2mP" + "@db.internal:5432/app"),
                argumentSet(
                        "Redis URL with password only",
                        "url-credentials",
                        "redis://:" + "hunter" + "2xyz" + "@cache:6379/0"),
                argumentSet("Authorization header", "bearer-token", "Authorization: Bearer " + alnum(32)),
                argumentSet("JSON authorization header", "bearer-token", "authorization\": \"bearer " + alnum(24)),
                argumentSet("plain Bearer token", "bearer-token", "Bearer " + alnum(40)),
                argumentSet("header in shouting case", "bearer-token", "AUTHORIZATION: BEARER " + alnum(32)),
                argumentSet("token after mixed-case bEaReR", "bearer-token", "bEaReR " + alnum(40)),
                argumentSet(
                        "Switchboard token",
                        "switchboard-token",
                        DefaultSecretScanner.SWITCHBOARD_TOKEN_PREFIX + alnum(41) + "-_"),
                argumentSet("mailbox role token", "channel-token", "cct_" + alnum(41) + "-_"),
                argumentSet("mailbox view key", "channel-token", "ccv_" + alnum(43)),
                argumentSet("ai-agent-channel admin token", "channel-token", "cca_" + alnum(32)));
    }

    /** Near misses: text that resembles a secret but must not be reported, with the rule it resembles. */
    static Stream<Arguments> nearMisses() {
        return Stream.of(
                argumentSet("PEM public key", "private-key", "-----BEGIN PUBLIC KEY-----\nMIIB" + alnum(40)),
                argumentSet("PEM certificate", "private-key", "-----BEGIN CERTIFICATE-----"),
                argumentSet("private key in prose", "private-key", "never commit your RSA private key"),
                argumentSet("AWS key id too short", "aws-access-key-id", "AKIA" + upper(15)),
                argumentSet("AWS key id wrong prefix", "aws-access-key-id", "AKIB" + upper(16)),
                argumentSet("AWS key id inside a longer word", "aws-access-key-id", "XAKIA" + upper(16)),
                argumentSet("GitHub token too short", "github-token", "ghp_" + alnum(35)),
                argumentSet("GitHub token wrong prefix", "github-token", "ghx_" + alnum(36)),
                argumentSet("GitHub token inside a longer word", "github-token", "xghp_" + alnum(36)),
                argumentSet("GitLab token too short", "gitlab-token", "glpat-" + alnum(12)),
                argumentSet("Slack token too short", "slack-token", "xoxb-" + "12345"),
                argumentSet("Slack token wrong prefix", "slack-token", "xoxz-" + alnum(30)),
                argumentSet("Slack webhook base URL", "slack-token", "https://hooks.slack.com/services/"),
                argumentSet("Stripe publishable key", "stripe-key", "pk_live_" + alnum(24)),
                argumentSet("Stripe key too short", "stripe-key", "sk_live_" + alnum(8)),
                argumentSet("OpenAI key too short", "openai-api-key", "sk-" + alnum(12)),
                argumentSet("sk- inside a word", "openai-api-key", "risk-assessment-and-mitigation-plan-v2"),
                argumentSet("Anthropic key too short", "anthropic-api-key", "sk-" + "ant-" + alnum(10)),
                argumentSet("Google key too short", "google-api-key", "AIza" + alnum(30)),
                argumentSet("Google key wrong prefix", "google-api-key", "AIzb" + alnum(35)),
                argumentSet("npm token too short", "npm-token", "npm_" + alnum(35)),
                argumentSet("npm config variable", "npm-token", "npm_config_registry_url_for_the_build"),
                argumentSet("JWT with two segments", "jwt", "ey" + "JhbGciOiJIUzI1NiJ9." + "ey" + "JzdWIiOiIxIn0"),
                argumentSet("three segments without JWT header", "jwt", alnum(20) + "." + alnum(20) + "." + alnum(30)),
                argumentSet("user@host without password", "url-credentials", "ssh://git@github.com/org/repo.git"),
                argumentSet("host and port", "url-credentials", "https://example.com:8443/path?q=a@b"),
                argumentSet("scp-style git remote", "url-credentials", "git@github.com:org/repo.git"),
                argumentSet("password placeholder", "url-credentials", "postgres://app:${DB_PASSWORD}@db:5432/app"),
                argumentSet("masked password", "url-credentials", "https://app:****@example.com/"),
                argumentSet("bearer in prose", "bearer-token", "The bearer of this letter is welcome."),
                argumentSet("Bearer scheme named in prose", "bearer-token", "Bearer tokens are defined in RFC 6750."),
                argumentSet("header with a placeholder", "bearer-token", "Authorization: Bearer $API_TOKEN"),
                argumentSet("header with a short token", "bearer-token", "Authorization: Bearer short123"),
                argumentSet("token on the next line", "bearer-token", "Authorization: Bearer\n" + alnum(24)),
                argumentSet(
                        "Switchboard token too short",
                        "switchboard-token",
                        DefaultSecretScanner.SWITCHBOARD_TOKEN_PREFIX + alnum(42)),
                argumentSet(
                        "Switchboard token too long",
                        "switchboard-token",
                        DefaultSecretScanner.SWITCHBOARD_TOKEN_PREFIX + alnum(44)),
                argumentSet("Switchboard token wrong prefix", "switchboard-token", "sbx_" + alnum(43)),
                argumentSet("channel token too short", "channel-token", "cct_" + alnum(31)),
                argumentSet("channel token wrong prefix", "channel-token", "ccx_" + alnum(43)),
                argumentSet("channel token inside a longer word", "channel-token", "xcct_" + alnum(43)));
    }

    @ParameterizedTest
    @MethodSource("secrets")
    void reportsEachSecretOnceAtItsOffset(String ruleId, String secret) {
        List<SecretFinding> findings = scanner.scan(FIELD, BEFORE + secret + AFTER);

        assertThat(findings).containsExactly(new SecretFinding(ruleId, FIELD, BEFORE.length()));
    }

    @ParameterizedTest
    @MethodSource("secrets")
    void neverEchoesTheSecret(String ruleId, String secret) {
        List<SecretFinding> findings = scanner.scan(FIELD, secret);

        assertThat(findings).isNotEmpty().allSatisfy(finding -> {
            assertThat(finding.toString()).doesNotContain(secret);
            assertThat(finding.toString()).contains(ruleId);
        });
    }

    @ParameterizedTest
    @MethodSource("nearMisses")
    void ignoresNearMisses(String resembledRuleId, String text) {
        assertThat(scanner.scan(FIELD, BEFORE + text + AFTER)).isEmpty();
    }

    @Test
    void everyRuleHasSecretsAndNearMissesInTheseTests() {
        Set<String> ruleIds = scanner.rules().stream().map(RuleInfo::id).collect(Collectors.toSet());

        assertThat(ruleIdsOf(secrets())).isEqualTo(ruleIds);
        assertThat(ruleIdsOf(nearMisses())).isEqualTo(ruleIds);
    }

    private static Set<String> ruleIdsOf(Stream<Arguments> cases) {
        return cases.map(arguments -> (String) arguments.get()[0]).collect(Collectors.toSet());
    }
}
