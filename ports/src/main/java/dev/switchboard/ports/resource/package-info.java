/**
 * Resources (MCP 2025-11-25, "Resources"): static resources, URI templates (RFC 6570 level 1), reads, subscriptions
 * and argument completion for templates. Plugins implement {@link dev.switchboard.ports.resource.ResourceProvider};
 * the kernel merges them into the {@link dev.switchboard.ports.resource.ResourceCatalog} that transports read.
 */
package dev.switchboard.ports.resource;
