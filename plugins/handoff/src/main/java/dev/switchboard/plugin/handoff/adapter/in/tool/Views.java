package dev.switchboard.plugin.handoff.adapter.in.tool;

import java.util.LinkedHashMap;
import java.util.Map;

import dev.switchboard.plugin.handoff.domain.Applied;
import dev.switchboard.plugin.handoff.domain.Cursor;
import dev.switchboard.plugin.handoff.domain.HandoffSummary;
import dev.switchboard.plugin.handoff.domain.Project;
import dev.switchboard.plugin.handoff.domain.Receipt;
import dev.switchboard.plugin.handoff.domain.Route;
import dev.switchboard.plugin.handoff.domain.Sequence;

/**
 * The JSON shapes of structured results (snake_case keys, times as ISO-8601 UTC). Absent values are left out rather
 * than sent as null.
 */
final class Views {

    private Views() {}

    static Map<String, Object> receipt(Receipt receipt) {
        Map<String, Object> view = new LinkedHashMap<>();
        view.put("handoff_id", receipt.handoffId().value());
        view.put("project", receipt.project().value());
        view.put("sequence", receipt.sequence().value());
        view.put("checksum", receipt.checksum().value());
        view.put("committed_at", receipt.committedAt().toString());
        return view;
    }

    static Map<String, Object> summary(HandoffSummary summary) {
        Map<String, Object> view = new LinkedHashMap<>();
        view.put("handoff_id", summary.receipt().handoffId().value());
        view.put("sequence", summary.receipt().sequence().value());
        view.put("title", summary.title());
        view.put("summary", summary.summary());
        view.put("kind", summary.kind());
        view.put("tags", summary.tags());
        view.put("source", summary.source());
        view.put("importance", summary.importance());
        view.put("sensitivity", summary.sensitivity());
        view.put("suggested_targets", summary.suggestedTargets());
        view.put("routed_to", summary.routedTo());
        view.put("checksum", summary.receipt().checksum().value());
        view.put("committed_at", summary.receipt().committedAt().toString());
        return view;
    }

    static Map<String, Object> project(Project project) {
        Map<String, Object> view = new LinkedHashMap<>();
        view.put("project", project.key().value());
        view.put("display_name", project.displayName());
        view.put("handoff_count", project.handoffCount());
        view.put("latest_sequence", project.latest().value());
        view.put("created_at", project.createdAt().toString());
        view.put("registered_by", project.registeredBy());
        return view;
    }

    static Map<String, Object> cursor(Cursor cursor) {
        Map<String, Object> view = new LinkedHashMap<>();
        view.put("consumer", cursor.consumer());
        view.put("through_sequence", cursor.through().value());
        if (!cursor.handledAhead().isEmpty()) {
            view.put(
                    "handled_ahead",
                    cursor.handledAhead().stream().map(Sequence::value).toList());
        }
        if (cursor.updatedAt() != null) {
            view.put("updated_at", cursor.updatedAt().toString());
        }
        return view;
    }

    static Map<String, Object> route(Route route) {
        Map<String, Object> view = new LinkedHashMap<>();
        view.put("target", route.target());
        view.put("rationale", route.rationale());
        view.put("routed_by", route.routedBy());
        view.put("routed_at", route.routedAt().toString());
        return view;
    }

    static Map<String, Object> applied(Applied applied) {
        Map<String, Object> view = new LinkedHashMap<>();
        view.put("applied_by", applied.appliedBy());
        view.put("repository", applied.repository());
        view.put("commit_ref", applied.commitRef());
        view.put("paths", applied.paths());
        view.put("applied_at", applied.appliedAt().toString());
        return view;
    }
}
