package dev.switchboard.kernel.secrets;

import java.util.List;

/**
 * The default rule set. Every repetition is bounded and, where the next token cannot be one of the repeated
 * characters, possessive, so a match attempt never backtracks far: scanning stays linear in practice even for
 * megabytes of adversarial text. Most rules also require that the match does not start in the middle of a longer
 * token, which both cuts false positives and keeps the number of match attempts low.
 */
final class SecretRules {

    /** Not preceded by a base64url character: the match starts a token. */
    private static final String TOKEN_START = "(?<![A-Za-z0-9_-])";
    /** Not followed by a base64url character: a fixed-length token really ends here. */
    private static final String TOKEN_END = "(?![A-Za-z0-9_-])";
    /** RFC 6750 b64token characters. */
    private static final String BEARER_CHARS = "A-Za-z0-9._~+/-";
    /** Characters that end a URL's user-info part: whitespace, delimiters, quotes and angle brackets. */
    private static final String USERINFO_STOP = "\\s/?#@\"'<>";

    static final List<SecretRule> DEFAULTS = List.of(
            SecretRule.of(
                    "private-key",
                    "PEM private key header (-----BEGIN ... PRIVATE KEY-----), any algorithm, also encrypted",
                    "-----BEGIN (?:[A-Z0-9]{1,20}+ ){0,3}PRIVATE KEY(?: BLOCK)?-----",
                    "-----BEGIN "),
            SecretRule.of(
                    "aws-access-key-id",
                    "AWS access key id: AKIA (long-term) or ASIA (temporary) and 16 upper-case letters or digits",
                    "(?<![A-Za-z0-9])(?:AKIA|ASIA)[A-Z0-9]{16}(?![A-Za-z0-9])",
                    "AKIA",
                    "ASIA"),
            SecretRule.of(
                    "github-token",
                    "GitHub token: ghp_/gho_/ghu_/ghs_/ghr_ with 36+ letters or digits, or a fine-grained github_pat_",
                    "(?<![A-Za-z0-9_])(?:gh[pousr]_[A-Za-z0-9]{36,251}+|github_pat_[A-Za-z0-9_]{50,244}+)",
                    "ghp_",
                    "gho_",
                    "ghu_",
                    "ghs_",
                    "ghr_",
                    "github_pat_"),
            SecretRule.of(
                    "gitlab-token",
                    "GitLab personal access token: glpat- followed by 20+ token characters",
                    TOKEN_START + "glpat-[A-Za-z0-9_.-]{20,249}+",
                    "glpat-"),
            SecretRule.of(
                    "slack-token",
                    "Slack token (xoxb-, xoxp-, xoxa-, xoxr-, xoxs-) or incoming-webhook URL on hooks.slack.com",
                    TOKEN_START + "(?:xox[bpars]-[A-Za-z0-9-]{10,250}+"
                            + "|https?://hooks\\.slack\\.com/services/T[A-Za-z0-9_]{6,32}+/B[A-Za-z0-9_]{6,32}+"
                            + "/[A-Za-z0-9_]{16,64}+)",
                    "xox",
                    "hooks.slack.com"),
            SecretRule.of(
                    "stripe-key",
                    "Stripe secret or restricted key: sk_live_, rk_live_, sk_test_ or rk_test_ and 16+ letters/digits",
                    "(?<![A-Za-z0-9_])[sr]k_(?:live|test)_[A-Za-z0-9]{16,247}+",
                    "k_live_",
                    "k_test_"),
            SecretRule.of(
                    "openai-api-key",
                    "OpenAI API key: sk- (including sk-proj-) followed by 20+ token characters; not sk-ant-",
                    TOKEN_START + "sk-(?!ant-)[A-Za-z0-9_-]{20,252}+",
                    "sk-"),
            SecretRule.of(
                    "anthropic-api-key",
                    "Anthropic API key: sk-ant- followed by 20+ token characters",
                    TOKEN_START + "sk-ant-[A-Za-z0-9_-]{20,248}+",
                    "sk-ant-"),
            SecretRule.of(
                    "google-api-key",
                    "Google API key: AIza followed by exactly 35 token characters",
                    TOKEN_START + "AIza[A-Za-z0-9_-]{35}" + TOKEN_END,
                    "AIza"),
            SecretRule.of(
                    "npm-token",
                    "npm access token: npm_ followed by exactly 36 letters or digits",
                    "(?<![A-Za-z0-9_])npm_[A-Za-z0-9]{36}(?![A-Za-z0-9])",
                    "npm_"),
            SecretRule.of(
                    "jwt",
                    "JSON Web Token: three base64url segments separated by dots, the header starting eyJ",
                    TOKEN_START + "eyJ[A-Za-z0-9_-]{8,4096}+\\.[A-Za-z0-9_-]{8,16384}+\\.[A-Za-z0-9_-]{16,4096}+",
                    "eyJ"),
            SecretRule.of(
                    "url-credentials",
                    "URL with a password in it (scheme://user:password@host); placeholders and masks excluded",
                    "(?<![A-Za-z0-9+.-])[A-Za-z][A-Za-z0-9+.-]{1,31}+://"
                            + "[^" + USERINFO_STOP + ":]{0,128}+:"
                            + "(?!\\$\\{|\\$[A-Za-z_]|\\{\\{|\\*{1,128}+@)"
                            + "[^" + USERINFO_STOP + "]{1,128}+@[^" + USERINFO_STOP + ":]",
                    "://"),
            SecretRule.ofAnchorsIgnoringCase(
                    "bearer-token",
                    "Bearer credential: an Authorization header with a 16+ char token, or 'Bearer' followed by a"
                            + " 20+ char token containing a digit",
                    TOKEN_START + "(?:(?i:authorization)[\"']?[ \\t]{0,4}+[:=][ \\t]{0,4}+[\"']?(?i:bearer)[ \\t]{1,4}+"
                            + "[" + BEARER_CHARS + "]{16,4096}+"
                            + "|(?i:bearer)[ \\t]{1,4}+(?=[A-Za-z._~+/-]{0,4096}+[0-9])"
                            + "[" + BEARER_CHARS + "]{20,4096}+)",
                    "bearer"),
            SecretRule.of(
                    "switchboard-token",
                    "Switchboard token: " + DefaultSecretScanner.SWITCHBOARD_TOKEN_PREFIX
                            + " followed by exactly 43 base64url characters (256 bits)",
                    TOKEN_START + DefaultSecretScanner.SWITCHBOARD_TOKEN_PREFIX + "[A-Za-z0-9_-]{43}" + TOKEN_END,
                    DefaultSecretScanner.SWITCHBOARD_TOKEN_PREFIX),
            SecretRule.of(
                    "channel-token",
                    "Mailbox channel credential: a role token (cct_), view key (ccv_) or the original"
                            + " ai-agent-channel's admin token (cca_) followed by 32 or more base64url characters",
                    TOKEN_START + "cc[atv]_[A-Za-z0-9_-]{32,4096}+" + TOKEN_END,
                    "cct_",
                    "ccv_",
                    "cca_"));

    private SecretRules() {}
}
