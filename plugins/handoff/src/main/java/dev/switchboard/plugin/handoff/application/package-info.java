/**
 * The use cases, one class each ({@link dev.switchboard.plugin.handoff.application.PublishHandoff},
 * {@link dev.switchboard.plugin.handoff.application.ListUpdates}, ...). They take plain arguments, apply the rules of
 * the domain, talk to storage only through the narrow ports in
 * {@link dev.switchboard.plugin.handoff.application.port.out}, and answer with an
 * {@link dev.switchboard.plugin.handoff.application.Outcome}: the value, or a
 * {@link dev.switchboard.plugin.handoff.application.Refusal} whose reason is the stable error code the tools report.
 * Expected business outcomes are values here, never exceptions. All classes are thread-safe and stateless.
 */
package dev.switchboard.plugin.handoff.application;
