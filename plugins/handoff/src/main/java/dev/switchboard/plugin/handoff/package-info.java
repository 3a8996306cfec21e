/**
 * The handoff feature plugin, Switchboard's reference plugin: one agent session (say ChatGPT) leaves curated,
 * explicit context for another (say Codex) in a project's inbox; the receiver lists what is new for it, reads, routes
 * and integrates it, and records where it went. The tools keep the names of the original Frontispice server.
 *
 * <p>Read it in this order: {@link dev.switchboard.plugin.handoff.HandoffModule} (what is wired to what), the
 * {@code domain} (the rules, plain Java), the {@code application} use cases (one class each) and their
 * {@code port.out} interfaces, then the adapters: {@code adapter.in.tool} (the MCP tools), {@code adapter.in.resource}
 * ({@code handoff://} resources) and {@code adapter.out.persistence} (jOOQ over the kernel's storage, with the
 * plugin's own migrations). Dependencies point inwards only: adapters to application to domain.
 */
package dev.switchboard.plugin.handoff;
