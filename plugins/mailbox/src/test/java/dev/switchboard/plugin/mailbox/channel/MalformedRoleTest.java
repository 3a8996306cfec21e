package dev.switchboard.plugin.mailbox.channel;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.google.inject.Key;
import com.google.inject.TypeLiteral;

import dev.switchboard.plugin.mailbox.MailboxHarness;
import dev.switchboard.plugin.mailbox.channel.adapter.in.session.RoleSessionCheck;
import dev.switchboard.plugin.mailbox.channel.adapter.in.tool.ChannelTool;
import dev.switchboard.plugin.mailbox.channel.application.CallerResolver;
import dev.switchboard.ports.call.LocalSession;
import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.tool.Tool;

/**
 * A configured role that is no role name is said, not hidden: the session check the kernel asks
 * before serving stdio in-process names the setting and the rule, and the hint {@code server_info} shows for the
 * unlisted tools says what is wrong instead of asking for a role that is set.
 */
class MalformedRoleTest {

    private static final String RULE =
            "a letter or digit, then letters, digits, '_', '.' or '-'; at most 64 characters";

    @TempDir
    Path dir;

    @Test
    void inProcessSessionWithAMalformedRoleIsRefusedNamingTheSettingAndTheRule() {
        try (MailboxHarness server = MailboxHarness.open("sqlite", dir, "Bad Role!")) {
            RoleSessionCheck check = server.injector().getInstance(RoleSessionCheck.class);

            assertThat(check.problem(Principal.LOCAL_OWNER))
                    .contains("the mailbox role 'Bad Role!' from " + CallerResolver.ROLE_SETTING
                            + " is not a role name (" + RULE + ")");
            assertThat(check.problem(attached("SWITCHBOARD_PLUGINS__MAILBOX__ROLE", "backend")))
                    .as("an attached session with a role of its own")
                    .isEmpty();
            assertThat(check.problem(new Principal("owner-token", Principal.Kind.OWNER, Map.of())))
                    .as("the owner token over HTTP has no local role")
                    .isEmpty();
        }
    }

    @Test
    void wellFormedOrAbsentRolesAreNoProblem() {
        try (MailboxHarness server = MailboxHarness.open("sqlite", dir, "backend")) {
            assertThat(server.injector().getInstance(RoleSessionCheck.class).problem(Principal.LOCAL_OWNER))
                    .isEmpty();
        }
        try (MailboxHarness server = MailboxHarness.open("sqlite", dir.resolve("none"), null)) {
            assertThat(server.injector().getInstance(RoleSessionCheck.class).problem(Principal.LOCAL_OWNER))
                    .as("no role at all: the session serves without the mailbox tools")
                    .isEmpty();
        }
    }

    @Test
    void unlistedToolsHintNamesTheMalformedRoleInsteadOfAskingForOne() {
        try (MailboxHarness server = MailboxHarness.open("sqlite", dir, null)) {
            ChannelTool tool = anyChannelTool(server);
            Principal bad = attached(CallerResolver.ROLE_ALIAS, "Bad Role!");

            assertThat(tool.listedFor(bad)).isFalse();
            assertThat(tool.unlistedHint(bad))
                    .contains("the mailbox role 'Bad Role!' from " + CallerResolver.ROLE_ALIAS + " is not a role name")
                    .doesNotContain(CallerResolver.HOW_TO_SET_A_ROLE);
            assertThat(tool.unlistedHint(attached())).isEqualTo(CallerResolver.HOW_TO_SET_A_ROLE);
        }
    }

    private static ChannelTool anyChannelTool(MailboxHarness server) {
        Set<Tool> tools = server.injector().getInstance(Key.get(new TypeLiteral<Set<Tool>>() {}));
        return tools.stream()
                .filter(ChannelTool.class::isInstance)
                .map(ChannelTool.class::cast)
                .findFirst()
                .orElseThrow();
    }

    private static Principal attached(String... namesAndValues) {
        Map<String, String> environment = new java.util.HashMap<>(Map.of("PATH", "/usr/bin:/bin", "HOME", "/home/u"));
        for (int i = 0; i < namesAndValues.length; i += 2) {
            environment.put(namesAndValues[i], namesAndValues[i + 1]);
        }
        return Principal.attached(new LocalSession(Path.of("/home/u/project"), environment));
    }
}
