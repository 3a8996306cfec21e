/**
 * Prompts (MCP 2025-11-25, "Prompts"): templates with arguments that clients offer to users, and completion of their
 * arguments. Plugins implement {@link dev.switchboard.ports.prompt.PromptProvider}; the kernel merges them into the
 * {@link dev.switchboard.ports.prompt.PromptCatalog}.
 */
package dev.switchboard.ports.prompt;
