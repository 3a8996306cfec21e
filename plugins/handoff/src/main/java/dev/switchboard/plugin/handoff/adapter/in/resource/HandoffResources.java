package dev.switchboard.plugin.handoff.adapter.in.resource;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

import jakarta.inject.Inject;

import org.pf4j.Extension;

import dev.switchboard.plugin.handoff.application.HandoffListChanges;
import dev.switchboard.plugin.handoff.application.HandoffText;
import dev.switchboard.plugin.handoff.application.ListProjects;
import dev.switchboard.plugin.handoff.application.ReadHandoff;
import dev.switchboard.plugin.handoff.domain.HandoffSummary;
import dev.switchboard.plugin.handoff.domain.Project;
import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.content.ResourceContents;
import dev.switchboard.ports.resource.ResourceDescriptor;
import dev.switchboard.ports.resource.ResourceProvider;
import dev.switchboard.ports.resource.ResourceTemplateDescriptor;
import dev.switchboard.ports.resource.ResourceUpdateSink;

/**
 * Handoffs as MCP resources. The template {@code handoff://{project}/{sequence}} serves any handoff of a registered
 * project; the concrete list holds the {@value RecentHandoffs#LISTED} most recent handoffs, for clients that attach
 * from a list, and is reported changed after each publish or merge, by this server or any other process on the same
 * database ({@code notifications/resources/list_changed}, through the change signal {@link HandoffListChanges#TOPIC}).
 * Completion suggests project keys and, for a chosen project, its newest sequences. Thread-safe.
 */
@Extension
public final class HandoffResources implements ResourceProvider {

    private static final String MIME = "text/plain";
    private static final int MAX_COMPLETIONS = 100;

    private final ReadHandoff readHandoff;
    private final ListProjects listProjects;
    private final HandoffListChanges changes;
    private final RecentHandoffs recent;

    @Inject
    HandoffResources(
            ReadHandoff readHandoff, ListProjects listProjects, HandoffListChanges changes, RecentHandoffs recent) {
        this.readHandoff = readHandoff;
        this.listProjects = listProjects;
        this.changes = changes;
        this.recent = recent;
    }

    /**
     * Reports a changed list after every new handoff or merge, in this process or another on the same database, so
     * the listed recent handoffs stay current; the subscription lasts as long as the storage.
     */
    @Override
    public void watch(ResourceUpdateSink sink) {
        changes.subscribe(sink::listChanged);
    }

    @Override
    public List<ResourceDescriptor> resources() {
        return recent.recent().stream().map(HandoffResources::descriptor).toList();
    }

    @Override
    public List<ResourceTemplateDescriptor> templates() {
        return List.of(new ResourceTemplateDescriptor(
                HandoffUri.TEMPLATE,
                "handoff",
                "Handoff",
                "One handoff of a project by sequence: metadata, the content framed as untrusted data, routes and"
                        + " applied provenance.",
                MIME));
    }

    @Override
    public Optional<List<ResourceContents>> read(String uri, Principal principal) {
        return HandoffUri.parse(uri)
                .flatMap(parsed -> readHandoff.read(parsed.project(), parsed.sequence()))
                .map(details -> List.of(new ResourceContents.TextContents(uri, MIME, HandoffText.render(details))));
    }

    @Override
    public List<String> complete(String uriTemplate, String variable, String prefix, Map<String, String> context) {
        if (!HandoffUri.TEMPLATE.equals(uriTemplate)) {
            return List.of();
        }
        if ("project".equals(variable)) {
            return projects()
                    .map(p -> p.key().value())
                    .filter(key -> key.startsWith(prefix))
                    .limit(MAX_COMPLETIONS)
                    .toList();
        }
        if ("sequence".equals(variable)) {
            String project = context.get("project");
            return projects()
                    .filter(p -> p.key().value().equals(project))
                    .findFirst()
                    .map(p -> Stream.iterate(p.latest().value(), s -> s >= 1, s -> s - 1)
                            .map(String::valueOf)
                            .filter(s -> s.startsWith(prefix))
                            .limit(MAX_COMPLETIONS)
                            .toList())
                    .orElse(List.of());
        }
        return List.of();
    }

    private Stream<Project> projects() {
        return listProjects
                .list(null)
                .map(listing -> listing.projects().stream())
                .orElse(refused -> Stream.empty());
    }

    private static ResourceDescriptor descriptor(HandoffSummary summary) {
        HandoffUri uri =
                new HandoffUri(summary.receipt().project(), summary.receipt().sequence());
        return new ResourceDescriptor(
                uri.toString(),
                "handoff-" + summary.receipt().project() + "-"
                        + summary.receipt().sequence(),
                summary.title(),
                summary.summary(),
                MIME);
    }
}
