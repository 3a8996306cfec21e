package dev.switchboard.plugin.handoff;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ValueSource;

import dev.switchboard.plugin.handoff.adapter.in.resource.HandoffResources;
import dev.switchboard.plugin.handoff.adapter.in.resource.ResourcePrefetch;
import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.content.ResourceContents;
import dev.switchboard.ports.resource.ResourceDescriptor;
import dev.switchboard.ports.resource.ResourceUpdateSink;

/** Beyond the original: handoffs are MCP resources {@code handoff://<project>/<sequence>}. */
@ParameterizedClass(name = "on {0}")
@ValueSource(strings = {HandoffHarness.SQLITE, HandoffHarness.POSTGRES})
class HandoffResourcesTest {

    @Parameter
    String backend;

    @TempDir
    Path dir;

    private HandoffHarness handoff;
    private HandoffResources resources;

    @BeforeEach
    void open() {
        handoff = HandoffHarness.open(backend, dir);
        resources = handoff.injector().getInstance(HandoffResources.class);
        handoff.register("raveil");
        handoff.publish("raveil", "Storage decision", "Use SQLite.");
        handoff.publish("raveil", "Auth decision", "Bearer files.");
    }

    @AfterEach
    void close() {
        handoff.close();
    }

    @Test
    void aHandoffReadsByProjectAndSequenceWithItsBodyFramedAsUntrusted() {
        List<ResourceContents> contents =
                resources.read("handoff://raveil/1", Principal.LOCAL_OWNER).orElseThrow();

        assertThat(contents).singleElement().isInstanceOfSatisfying(ResourceContents.TextContents.class, text -> {
            assertThat(text.uri()).isEqualTo("handoff://raveil/1");
            assertThat(text.text()).contains("Storage decision", "untrusted data", "Use SQLite.");
        });
    }

    @Test
    void unknownOrMalformedUrisAreNotServed() {
        assertThat(resources.read("handoff://raveil/3", Principal.LOCAL_OWNER)).isEmpty();
        assertThat(resources.read("handoff://nobody/1", Principal.LOCAL_OWNER)).isEmpty();
        assertThat(resources.read("handoff://Raveil/1", Principal.LOCAL_OWNER)).isEmpty();
        assertThat(resources.read("handoff://raveil/0", Principal.LOCAL_OWNER)).isEmpty();
        assertThat(resources.read("file:///etc/passwd", Principal.LOCAL_OWNER)).isEmpty();
    }

    @Test
    void recentHandoffsAreListedNewestFirstAndTheTemplateIsOffered() {
        assertThat(resources.resources())
                .extracting(ResourceDescriptor::uri)
                .containsExactly("handoff://raveil/2", "handoff://raveil/1");
        assertThat(resources.templates())
                .singleElement()
                .satisfies(t -> assertThat(t.uriTemplate()).isEqualTo("handoff://{project}/{sequence}"));
    }

    @Test
    void completionSuggestsProjectsAndTheirSequences() {
        handoff.register("rigging");

        assertThat(resources.complete("handoff://{project}/{sequence}", "project", "ra", Map.of()))
                .containsExactly("raveil");
        assertThat(resources.complete("handoff://{project}/{sequence}", "sequence", "", Map.of("project", "raveil")))
                .containsExactly("2", "1");
    }

    @Test
    void aNewHandoffReportsTheListChangedAndAppearsInIt() throws InterruptedException {
        Semaphore reports = new Semaphore(0);
        resources.watch(listChanges(reports));

        handoff.publish("raveil", "Transport decision", "Stdio first.");

        assertThat(reports.tryAcquire(5, TimeUnit.SECONDS)).isTrue();
        assertThat(resources.resources())
                .extracting(ResourceDescriptor::uri)
                .first()
                .isEqualTo("handoff://raveil/3");
    }

    @Test
    void aHandoffPublishedByAnotherProcessOnTheDatabaseReportsTheListChanged() throws InterruptedException {
        Semaphore reports = new Semaphore(0);
        resources.watch(listChanges(reports));

        try (HandoffHarness other = handoff.another(dir)) {
            other.publish("raveil", "Transport decision", "Published elsewhere.");
        }

        assertThat(reports.tryAcquire(5, TimeUnit.SECONDS)).isTrue();
        assertThat(resources.resources())
                .extracting(ResourceDescriptor::uri)
                .first()
                .isEqualTo("handoff://raveil/3");
    }

    @Test
    void aRegistrationThatMergesLegacySpellingsReportsTheListChangedAndOneThatMergesNothingDoesNot()
            throws InterruptedException {
        new LegacyRows(handoff.storage())
                .project("Rigging", 1)
                .handoff("g1", "Rigging", 1, java.time.Instant.parse("2025-03-01T10:00:00.000Z"));
        Semaphore reports = new Semaphore(0);
        resources.watch(listChanges(reports));

        handoff.register("other");
        assertThat(reports.tryAcquire(300, TimeUnit.MILLISECONDS)).isFalse();
        handoff.register("rigging");

        assertThat(reports.tryAcquire(5, TimeUnit.SECONDS)).isTrue();
    }

    @Test
    void aReplayedOrRefusedPublishReportsNothing() throws InterruptedException {
        Map<String, Object> keyed = Map.of(
                "project",
                "raveil",
                "title",
                "Keyed",
                "summary",
                "About keyed",
                "content",
                "Same every time.",
                "idempotency_key",
                "k-1");
        handoff.publish(keyed);
        Semaphore reports = new Semaphore(0);
        resources.watch(listChanges(reports));

        handoff.publish(keyed);
        handoff.call(
                "frontispice_publish_handoff",
                Map.of("project", "nobody-here", "title", "t", "summary", "s", "content", "c"));

        assertThat(reports.tryAcquire(300, TimeUnit.MILLISECONDS)).isFalse();
    }

    @Test
    void aPrefetchAtStartGivesTheFirstListAndLaterListsAreFresh() {
        handoff.injector().getInstance(ResourcePrefetch.class).start();

        assertThat(resources.resources())
                .extracting(ResourceDescriptor::uri)
                .containsExactly("handoff://raveil/2", "handoff://raveil/1");
        handoff.publish("raveil", "Later", "After the prefetch.");
        assertThat(resources.resources())
                .extracting(ResourceDescriptor::uri)
                .first()
                .isEqualTo("handoff://raveil/3");
    }

    private static ResourceUpdateSink listChanges(Semaphore reports) {
        return new ResourceUpdateSink() {
            @Override
            public void updated(String uri) {}

            @Override
            public void listChanged() {
                reports.release();
            }
        };
    }
}
