/**
 * Observing the server at work: the {@link dev.switchboard.ports.observe.ToolCallObserver} extension point, told of
 * every tool call on every transport, and the {@link dev.switchboard.ports.observe.ToolCallOutcome} it is told.
 */
package dev.switchboard.ports.observe;
