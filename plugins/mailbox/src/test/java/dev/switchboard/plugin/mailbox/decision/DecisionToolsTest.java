package dev.switchboard.plugin.mailbox.decision;

import static dev.switchboard.plugin.mailbox.MailboxHarness.args;
import static dev.switchboard.plugin.mailbox.MailboxHarness.ids;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ValueSource;

import dev.switchboard.plugin.mailbox.MailboxHarness;
import dev.switchboard.plugin.mailbox.Proposals;
import dev.switchboard.plugin.mailbox.channel.domain.Digest;

@ParameterizedClass(name = "on {0}")
@ValueSource(strings = {"sqlite", "postgres"})
class DecisionToolsTest {

    @Parameter
    String backend;

    @TempDir
    Path dir;

    @Test
    @DisplayName(
            "3C.111 no ack on one's own message; 'maybe' refused; the same decision is a no-op; another overwrites")
    void acknowledgeRules() {
        try (MailboxHarness frontend = MailboxHarness.open(backend, dir, "frontend")) {
            MailboxHarness backendRole = frontend.as("backend");
            long proposal = proposal(frontend, "glossary");

            frontend.refused("acknowledge", args("message_id", proposal, "decision", "agree"), "CONFLICT");
            assertThat(backendRole
                            .refused(
                                    "acknowledge",
                                    args("message_id", proposal, "decision", "maybe"),
                                    "INVALID_ARGUMENTS")
                            .message())
                    .contains("agree, reject, needs_changes, void");
            Map<String, Object> first =
                    backendRole.ok("acknowledge", args("message_id", proposal, "decision", "agree"));
            Map<String, Object> repeat =
                    backendRole.ok("acknowledge", args("message_id", proposal, "decision", "agree", "note", "again"));
            assertThat(repeat).containsEntry("unchanged", true).containsEntry("created_at", first.get("created_at"));
            backendRole.ok("acknowledge", args("message_id", proposal, "decision", "reject"));

            Map<String, Object> acks = frontend.ok("get_acknowledgements", args("message_id", proposal));
            assertThat((List<?>) acks.get("acknowledgements")).hasSize(1);
            assertThat(acks.get("decisions")).isEqualTo(Map.of("backend", "reject"));
            frontend.refused("acknowledge", args("message_id", 999, "decision", "agree"), "NOT_FOUND");
        }
    }

    @Test
    @DisplayName(
            "get_acknowledgements names the channel's roles and their source as list_roles does; headers drop them")
    void acknowledgementsNameTheRolesAndTheirSource() {
        try (MailboxHarness frontend = MailboxHarness.open(backend, dir, "frontend")) {
            long proposal = proposal(frontend, "glossary");
            frontend.send("qa", "hello", "a third role appears in the messages");

            Map<String, Object> acks = frontend.ok("get_acknowledgements", args("message_id", proposal));
            Map<String, Object> roles = frontend.ok("list_roles", args());

            assertThat(acks)
                    .containsEntry("roles", List.of("backend", "frontend", "qa"))
                    .containsEntry("roles_source", "observed-in-messages");
            assertThat(acks.get("roles")).isEqualTo(roles.get("roles"));
            assertThat(List.copyOf(acks.keySet()))
                    .containsSubsequence("voters", "roles", "roles_source", "body_sha256", "generated_at");
            assertThat(frontend.ok("get_acknowledgements", args("message_id", proposal, "fields", "headers")))
                    .doesNotContainKeys("roles", "roles_source");
            assertThat(frontend.ok(
                            "get_acknowledgements",
                            args("message_id", proposal, "fields", List.of("roles", "roles_source"))))
                    .containsOnlyKeys("roles", "roles_source");
        }
    }

    @Test
    @DisplayName(
            "3C.112 an ack with expect_body_sha256 of a body that differs is refused; the current digest is accepted")
    void expectBodySha256GuardsTheBytes() {
        try (MailboxHarness frontend = MailboxHarness.open(backend, dir, "frontend")) {
            MailboxHarness backendRole = frontend.as("backend");
            long proposal = proposal(frontend, "glossary");
            String read = Digest.of("terms").sha256();
            frontend.ok("revise_message", args("message_id", proposal, "body", "other terms"));

            assertThat(backendRole
                            .refused(
                                    "acknowledge",
                                    args("message_id", proposal, "decision", "agree", "expect_body_sha256", read),
                                    "CONFLICT")
                            .message())
                    .contains("revised after you read it");
            assertThat(frontend.ok("get_acknowledgements", args("message_id", proposal))
                            .get("agreed"))
                    .isEqualTo(0);
            backendRole.ok(
                    "acknowledge",
                    args(
                            "message_id",
                            proposal,
                            "decision",
                            "agree",
                            "expect_body_sha256",
                            Digest.of("other terms").sha256().toUpperCase()));
        }
    }

    @Test
    @DisplayName("3C.113 acknowledge(P, agree) retires the caller's nudges about P and returns them as superseded")
    void anAckRetiresTheCallersNudges() {
        try (MailboxHarness frontend = MailboxHarness.open(backend, dir, "frontend")) {
            MailboxHarness backendRole = frontend.as("backend");
            long proposal = proposal(frontend, "glossary");
            long nudge = frontend.send(
                    args("to", "backend", "topic", "ping", "body", "please vote", "about_message_id", proposal));
            long toSomeoneElse =
                    frontend.send(args("to", "infra", "topic", "ping", "body", "b", "about_message_id", proposal));

            Map<String, Object> ack = backendRole.ok("acknowledge", args("message_id", proposal, "decision", "agree"));

            assertThat(ack).containsEntry("superseded", List.of(nudge));
            assertThat(MessageRows.supersededAt(frontend, nudge)).isNotNull();
            assertThat(MessageRows.supersededAt(frontend, toSomeoneElse)).isNull();
        }
    }

    @Test
    @DisplayName(
            "3C.114 a void from the electorate closes the round: pin_set citing it is refused; a void never counts")
    void anElectorateVoidClosesTheRound() {
        try (MailboxHarness frontend = MailboxHarness.open(backend, dir, "frontend")) {
            MailboxHarness backendRole = frontend.as("backend");
            long proposal = proposal(frontend, "glossary");

            backendRole.ok("acknowledge", args("message_id", proposal, "decision", "void", "note", "moot"));

            Map<String, Object> acks = frontend.ok("get_acknowledgements", args("message_id", proposal));
            assertThat(acks).containsEntry("agreed", 0).containsEntry("declared_dead_by", List.of("backend"));
            assertThat(frontend.refused(
                                    "pin_set",
                                    args(
                                            "key",
                                            "glossary",
                                            "title",
                                            "g",
                                            "version",
                                            "1",
                                            "body",
                                            "terms",
                                            "approved_by",
                                            proposal),
                                    "CONFLICT")
                            .message())
                    .contains("declared void");
            assertThat(proposal(frontend, "glossary")).isGreaterThan(proposal);
        }
    }

    @Test
    @DisplayName(
            "3C.115 a proc to one role needs 1; non-recipients' votes are listed apart; with voters, from_non_voters")
    void theTallyNamesWhoCounts() {
        try (MailboxHarness frontend = MailboxHarness.open(backend, dir, "frontend")) {
            long proposal = proposal(frontend, "glossary");
            frontend.as("infra").ok("acknowledge", args("message_id", proposal, "decision", "agree"));

            Map<String, Object> acks = frontend.ok("get_acknowledgements", args("message_id", proposal));

            assertThat(acks)
                    .containsEntry("needed", 1)
                    .containsEntry("agreed", 0)
                    .containsEntry("missing", List.of("backend"))
                    .containsEntry("from_non_recipients", Map.of("infra", "agree"))
                    .containsEntry("body_sha256", Digest.of("terms").sha256())
                    .containsKey("generated_at");
            Map<String, Object> headers =
                    frontend.ok("get_acknowledgements", args("message_id", proposal, "fields", "headers"));
            assertThat(headers)
                    .doesNotContainKeys("acknowledgements", "generated_at")
                    .containsKey("needed");

            long declared = frontend.send(
                    Proposals.proc(List.of("backend", "infra"), "t", "b", "notes", null, "voters", List.of("backend")));
            frontend.as("infra").ok("acknowledge", args("message_id", declared, "decision", "reject"));
            assertThat(frontend.ok("get_acknowledgements", args("message_id", declared)))
                    .containsEntry("voters", List.of("backend"))
                    .containsEntry("from_non_voters", Map.of("infra", "reject"));
            frontend.refused(
                    "get_acknowledgements",
                    args("message_id", proposal, "fields", List.of("nope")),
                    "INVALID_ARGUMENTS");
        }
    }

    @Test
    @DisplayName(
            "3C.117 awaiting_ack excludes nudges, decision_requested=false, superseded rounds, rounds whose voters exclude the role, and voted ones")
    void awaitingAckExclusions() {
        try (MailboxHarness frontend = MailboxHarness.open(backend, dir, "frontend")) {
            MailboxHarness backendRole = frontend.as("backend");
            long open = proposal(frontend, "glossary");
            long voted = proposal(frontend, "notes");
            frontend.send(Proposals.proc("backend", "nudge", "b", null, open));
            frontend.send(Proposals.proc("backend", "fyi", "b", null, null, "decision_requested", false));
            long infraOnly = frontend.send(
                    Proposals.proc(List.of("backend", "infra"), "t", "b", "other", null, "voters", List.of("infra")));
            long settled = proposal(frontend, "free");
            frontend.ok("pin_set", args("key", "free", "title", "t", "version", "1", "body", "b"));
            backendRole.ok("acknowledge", args("message_id", voted, "decision", "needs_changes"));

            Map<String, Object> awaiting = backendRole.ok("awaiting_ack", args());

            assertThat(ids(awaiting)).containsExactly(open);
            assertThat(awaiting).containsKey("generated_at").doesNotContainKey("truncated");
            assertThat(ids(frontend.ok("awaiting_ack", args("to_role", "backend", "from_role", "frontend"))))
                    .containsExactly(open);
            assertThat(ids(backendRole.ok("awaiting_ack", args("pin_key", "notes"))))
                    .isEmpty();
            assertThat(settled).isPositive();
            @SuppressWarnings("unchecked")
            Map<String, Object> acks = (Map<String, Object>)
                    MailboxHarness.result(awaiting).getFirst().get("acks");
            assertThat(acks).containsEntry("needed", 1);
        }
    }

    @Test
    @DisplayName("3C.117 an awaiting proposal that is also a debt carries its obligation")
    void aDebtProposalCarriesItsObligation() {
        try (MailboxHarness frontend = MailboxHarness.open(backend, dir, "frontend")) {
            frontend.send(Proposals.proc("backend", "t", "b", null, null, "action_required", true));

            Map<String, Object> entry = MailboxHarness.result(
                            frontend.as("backend").ok("awaiting_ack", args()))
                    .getFirst();

            assertThat(entry.get("obligation"))
                    .isEqualTo(mapOf("status", "open", "resolved_by", null, "resolved_at", null, "confirmed", false));
        }
    }

    @Test
    @DisplayName("an awaiting debt's obligation is confirmed only while a confirmation follows its latest resolve")
    void anAwaitingDebtsConfirmationFollowsItsLatestResolve() {
        try (MailboxHarness frontend = MailboxHarness.open(backend, dir, "frontend")) {
            MailboxHarness backendRole = frontend.as("backend");
            List<Long> debts = new java.util.ArrayList<>();
            for (String topic : List.of("confirmed", "resolved", "re-resolved", "open")) {
                debts.add(frontend.send(args(
                        "to",
                        "backend",
                        "topic",
                        topic,
                        "body",
                        "b",
                        "kind",
                        "proc",
                        "pin_key",
                        null,
                        "about_message_id",
                        null,
                        "action_required",
                        true)));
            }
            for (long debt : debts.subList(0, 3)) {
                backendRole.ok("resolve_message", args("message_id", debt));
                frontend.ok("confirm_resolution", args("message_id", debt));
            }
            backendRole.ok("reopen_message", args("message_id", debts.get(1)));
            backendRole.ok("resolve_message", args("message_id", debts.get(1)));
            frontend.ok("reopen_message", args("message_id", debts.get(2)));
            backendRole.ok("resolve_message", args("message_id", debts.get(2)));
            frontend.ok("confirm_resolution", args("message_id", debts.get(2)));

            Map<Long, Object> confirmed = new java.util.LinkedHashMap<>();
            for (Map<String, Object> entry : MailboxHarness.result(backendRole.ok("awaiting_ack", args()))) {
                @SuppressWarnings("unchecked")
                Map<String, Object> obligation = (Map<String, Object>) entry.get("obligation");
                confirmed.put(((Number) entry.get("id")).longValue(), obligation.get("confirmed"));
            }

            assertThat(confirmed)
                    .containsExactly(
                            Map.entry(debts.get(0), true),
                            Map.entry(debts.get(1), false),
                            Map.entry(debts.get(2), true),
                            Map.entry(debts.get(3), false));
        }
    }

    @Test
    @DisplayName(
            "3C.116 a vote quenched by a revision puts the proposal back in awaiting_ack, and the same decision again counts anew")
    void aQuenchedVoteIsOwedAgain() {
        try (MailboxHarness frontend = MailboxHarness.open(backend, dir, "frontend")) {
            MailboxHarness backendRole = frontend.as("backend");
            long proposal = proposal(frontend, "glossary");
            backendRole.ok("acknowledge", args("message_id", proposal, "decision", "agree"));
            assertThat(ids(backendRole.ok("awaiting_ack", args()))).isEmpty();

            frontend.ok("revise_message", args("message_id", proposal, "body", "terms, revised"));

            assertThat(ids(backendRole.ok("awaiting_ack", args()))).containsExactly(proposal);
            assertThat(frontend.ok("get_acknowledgements", args("message_id", proposal)))
                    .containsEntry("agreed", 0)
                    .containsEntry("quenched_by_revision", Map.of("backend", "agree"));
            Map<String, Object> again =
                    backendRole.ok("acknowledge", args("message_id", proposal, "decision", "agree"));
            assertThat(again).doesNotContainKey("unchanged");
            assertThat(frontend.ok("get_acknowledgements", args("message_id", proposal)))
                    .containsEntry("agreed", 1);
        }
    }

    @Test
    @DisplayName("3C.95 awaiting_ack says truncated when more proposals await than limit, and not otherwise")
    void awaitingAckIsTruncatedAtTheLimit() {
        try (MailboxHarness frontend = MailboxHarness.open(backend, dir, "frontend")) {
            long first = proposal(frontend, "a");
            proposal(frontend, "b");

            Map<String, Object> page = frontend.as("backend").ok("awaiting_ack", args("limit", 1));

            assertThat(ids(page)).containsExactly(first);
            assertThat(page.get("truncated"))
                    .isInstanceOfSatisfying(
                            Map.class,
                            truncated -> assertThat(truncated)
                                    .containsEntry("limit", 1)
                                    .containsEntry("returned", 1));
            assertThat(frontend.as("backend").ok("awaiting_ack", args("limit", 2)))
                    .doesNotContainKey("truncated");
        }
    }

    @Test
    @DisplayName("beyond #1 a retried acknowledge with the same request_key is replayed; other arguments are refused")
    void acknowledgeTakesARequestKey() {
        try (MailboxHarness frontend = MailboxHarness.open(backend, dir, "frontend")) {
            MailboxHarness backendRole = frontend.as("backend");
            long proposal = proposal(frontend, "glossary");
            Map<String, Object> call = args("message_id", proposal, "decision", "agree", "request_key", "vote-1");

            backendRole.ok("acknowledge", call);

            assertThat(backendRole.ok("acknowledge", call)).containsEntry("replayed", true);
            backendRole.refused(
                    "acknowledge",
                    args("message_id", proposal, "decision", "reject", "request_key", "vote-1"),
                    "CONFLICT");
            assertThat(frontend.ok("get_acknowledgements", args("message_id", proposal))
                            .get("decisions"))
                    .isEqualTo(Map.of("backend", "agree"));
        }
    }

    static long proposal(MailboxHarness author, String key) {
        return author.send(Proposals.proc("backend", key + " proposal", "terms", key, null));
    }

    static Map<String, Object> mapOf(Object... keysAndValues) {
        return args(keysAndValues);
    }
}
