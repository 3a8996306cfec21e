/**
 * The use cases, one class each ({@link dev.switchboard.plugin.handoff.application.PublishHandoff},
 * {@link dev.switchboard.plugin.handoff.application.ListUpdates}, ...). They take plain arguments, apply the rules of
 * the domain, talk to storage only through the narrow ports in
 * {@link dev.switchboard.plugin.handoff.application.port.out}, and answer with the ports'
 * {@link dev.switchboard.ports.tool.Outcome}: the value, or a {@link dev.switchboard.ports.tool.Refusal} whose code
 * (shared, or one of {@link dev.switchboard.plugin.handoff.application.HandoffCodes}) is what the tools report.
 * Expected business outcomes are values here, never exceptions. All classes are thread-safe and stateless.
 */
package dev.switchboard.plugin.handoff.application;
