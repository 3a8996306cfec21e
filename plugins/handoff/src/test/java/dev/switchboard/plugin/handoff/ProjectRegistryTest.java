package dev.switchboard.plugin.handoff;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ValueSource;

import dev.switchboard.ports.tool.ToolResult;

/** Acceptance behaviours 1-4 and 32 of spec §3A: the project registry, resolution and merges. */
@ParameterizedClass(name = "on {0}")
@ValueSource(strings = {HandoffHarness.SQLITE, HandoffHarness.POSTGRES})
class ProjectRegistryTest {

    @Parameter
    String backend;

    @TempDir
    Path dir;

    private HandoffHarness handoff;

    @BeforeEach
    void open() {
        handoff = HandoffHarness.open(backend, dir);
    }

    @AfterEach
    void close() {
        handoff.close();
    }

    @Test
    void aDisplayNameWithANulIsRefusedNamingTheFieldAndNothingIsRegistered() {
        ToolResult.Failure refused = handoff.refused(
                "frontispice_register_project",
                Map.of("project", "nul-name", "display_name", "Nul\u0000Name"),
                "INVALID_ARGUMENTS");

        assertThat(refused.details()).containsEntry("field", "display_name");
        handoff.refused("frontispice_project_status", Map.of("project", "nul-name"), "PROJECT_UNKNOWN");
    }

    @Test
    @DisplayName("3A.1 register_project(Raveil) creates raveil; RAVEIL returns the same key and no second project")
    void registeringRaveilTwiceInAnyCaseKeepsOneCanonicalProject() {
        Map<String, Object> first = handoff.ok("frontispice_register_project", Map.of("project", "Raveil"));
        Map<String, Object> second = handoff.ok("frontispice_register_project", Map.of("project", "RAVEIL"));

        assertThat(first).containsEntry("project", "raveil").containsEntry("created", true);
        assertThat(second).containsEntry("project", "raveil").containsEntry("created", false);
        assertThat(projects(handoff.ok("frontispice_list_projects", Map.of()))).containsExactly("raveil");
    }

    @Test
    @DisplayName("3A.2 names normalise case-insensitively, spaces and underscores become hyphens")
    void projectNamesNormaliseSoMyProjectNameResolvesFromAnySpelling() {
        assertThat(handoff.register("My_Project Name")).isEqualTo("my-project-name");

        Map<String, Object> listing = handoff.ok("frontispice_list_projects", Map.of("project", "my project_name"));

        assertThat(resolution(listing)).containsEntry("status", "resolved").containsEntry("project", "my-project-name");
    }

    @Test
    @DisplayName("3A.3 publishing to an unknown project writes nothing and returns a confirmation prompt")
    void publishingToAnUnknownProjectWritesNothingAndAsksForConfirmation() {
        ToolResult.Failure failure = handoff.refused(
                "frontispice_publish_handoff",
                Map.of("project", "foo", "title", "t", "summary", "s", "content", "c"),
                "PROJECT_UNKNOWN");

        assertThat(prompt(failure.details()))
                .containsEntry("kind", "confirm_registration")
                .containsEntry("project", "foo")
                .containsEntry("register_with", "frontispice_register_project");
        handoff.refused("frontispice_project_status", Map.of("project", "foo"), "PROJECT_UNKNOWN");
        assertThat(projects(handoff.ok("frontispice_list_projects", Map.of()))).isEmpty();
    }

    @Test
    @DisplayName("3A.3 an unknown project is refused as unknown before the content checks and the idempotency key")
    void unknownProjectIsRefusedBeforeContentChecksAndIdempotencyKey() {
        handoff.register("raveil");
        handoff.publish(
                Map.of("project", "raveil", "title", "t", "summary", "s", "content", "c", "idempotency_key", "k-1"));

        handoff.refused(
                "frontispice_publish_handoff",
                Map.of(
                        "project",
                        "foo",
                        "title",
                        "t",
                        "summary",
                        "s",
                        "content",
                        "-----BEGIN " + "RSA PRIVATE KEY-----"),
                "PROJECT_UNKNOWN");
        handoff.refused(
                "frontispice_publish_handoff",
                Map.of("project", "foo", "title", "t", "summary", "s", "content", "c", "idempotency_key", "k-1"),
                "PROJECT_UNKNOWN");
        handoff.refused(
                "frontispice_publish_handoff",
                Map.of(
                        "project",
                        "raveil",
                        "title",
                        "t",
                        "summary",
                        "s",
                        "content",
                        "-----BEGIN " + "RSA PRIVATE KEY-----"),
                "SECRET_DETECTED");
        assertThat(handoff.ok("frontispice_project_status", Map.of("project", "raveil")))
                .containsEntry("latest_sequence", 1L);
    }

    @Test
    @DisplayName("3A.4 with one project resolution picks it; with two it returns a selection prompt listing both")
    void resolutionWithoutANamePicksTheOnlyProjectAndAsksToSelectAmongSeveral() {
        handoff.register("alpha");
        assertThat(resolution(handoff.ok("frontispice_list_projects", Map.of())))
                .containsEntry("status", "resolved")
                .containsEntry("project", "alpha");

        handoff.register("beta");
        Map<String, Object> resolution = resolution(handoff.ok("frontispice_list_projects", Map.of()));

        assertThat(resolution).containsEntry("status", "selection_required");
        Map<String, Object> prompt = prompt(resolution);
        assertThat(prompt).containsEntry("kind", "select_project");
        assertThat(options(prompt)).containsExactly("alpha", "beta");
    }

    @Test
    void publishingToANameThatCouldMeanSeveralProjectsIsAmbiguousWithASelectionPrompt() {
        handoff.register("raveil-web");
        handoff.register("raveil-docs");

        ToolResult.Failure failure = handoff.refused(
                "frontispice_publish_handoff",
                Map.of("project", "Raveil", "title", "t", "summary", "s", "content", "c"),
                "PROJECT_AMBIGUOUS");

        assertThat(options(prompt(failure.details()))).containsExactly("raveil-docs", "raveil-web");
    }

    @Test
    void aNameThatCannotBeNormalisedIsRefusedNamingTheProjectField() {
        ToolResult.Failure failure =
                handoff.refused("frontispice_register_project", Map.of("project", "a/b"), "INVALID_ARGUMENTS");

        assertThat(failure.details()).containsEntry("field", "project");
    }

    @Test
    void aPreviewRegistrationWritesNothingAndSaysItWouldCreateNotThatItCreated() {
        Map<String, Object> preview =
                handoff.ok("frontispice_register_project", Map.of("project", "Raveil", "confirmed", false));

        assertThat(preview)
                .containsEntry("preview", true)
                .containsEntry("created", false)
                .containsEntry("would_create", true);
        assertThat(projects(handoff.ok("frontispice_list_projects", Map.of()))).isEmpty();

        Map<String, Object> registered = handoff.ok("frontispice_register_project", Map.of("project", "Raveil"));
        assertThat(registered).containsEntry("created", true).containsEntry("would_create", false);
        Map<String, Object> previewOfExisting =
                handoff.ok("frontispice_register_project", Map.of("project", "Raveil", "confirmed", false));
        assertThat(previewOfExisting).containsEntry("created", false).containsEntry("would_create", false);
    }

    @Test
    @DisplayName("3A.32 legacy Raveil (1, 2) and raveil_ (1) merge into raveil 1..3 by creation time, ids unchanged")
    void registeringTheCanonicalKeyMergesLegacyVariantsByCreationTimeKeepingIds() {
        new LegacyRows(handoff.storage())
                .project("Raveil", 2)
                .project("raveil_", 1)
                .handoff("legacy-a", "Raveil", 1, Instant.parse("2025-03-01T10:00:00.000Z"))
                .handoff("legacy-c", "Raveil", 2, Instant.parse("2025-03-03T10:00:00.000Z"))
                .handoff("legacy-b", "raveil_", 1, Instant.parse("2025-03-02T10:00:00.000Z"))
                .cursor("Raveil", "architecture", 0);

        Map<String, Object> registration = handoff.ok("frontispice_register_project", Map.of("project", "raveil"));

        assertThat(registration).containsEntry("project", "raveil");
        assertThat((List<?>) registration.get("merged")).hasSize(2);
        assertThat(handoff.pendingSequences("raveil", "librarian", 10)).containsExactly(1L, 2L, 3L);
        assertThat(idsInOrder()).containsExactly("legacy-a", "legacy-b", "legacy-c");
        // Spec: every affected cursor goes back to 0. Switchboard remaps by handoff identity instead (see
        // ProjectMergeCursorTest); a consumer that had handled nothing stays at 0.
        assertThat(handoff.ok("frontispice_project_status", Map.of("project", "raveil"))
                        .get("cursors"))
                .isEqualTo(Map.of("architecture", 0L));
        assertThat(((List<?>) handoff.ok("frontispice_list_projects", Map.of()).get("legacy_variants")))
                .isEmpty();
    }

    @SuppressWarnings("unchecked")
    private List<String> idsInOrder() {
        Map<String, Object> result = handoff.ok("frontispice_list_updates", Map.of("project", "raveil"));
        return ((List<Map<String, Object>>) result.get("updates"))
                .stream().map(update -> (String) update.get("handoff_id")).toList();
    }

    @SuppressWarnings("unchecked")
    static List<String> projects(Map<String, Object> listing) {
        return ((List<Map<String, Object>>) listing.get("projects"))
                .stream().map(project -> (String) project.get("project")).toList();
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> resolution(Map<String, Object> listing) {
        return (Map<String, Object>) listing.get("resolution");
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> prompt(Map<String, Object> holder) {
        return (Map<String, Object>) holder.get("prompt");
    }

    @SuppressWarnings("unchecked")
    static List<String> options(Map<String, Object> prompt) {
        return ((List<Map<String, Object>>) prompt.get("options"))
                .stream().map(option -> (String) option.get("project")).toList();
    }
}
