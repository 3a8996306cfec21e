/** Handoff's {@code ports.summary.StateSummary}: the owner's overview of its projects and a consumer's pending count. */
package dev.switchboard.plugin.handoff.adapter.in.summary;
