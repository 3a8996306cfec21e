/**
 * The mailbox feature plugin: roles in a channel exchange messages that can be debts, vote on proposals, pin agreed
 * documents with consent and search their history (ai-agent-channel parity, seed-features §1C). Packages are sliced by
 * capability ({@code message}, {@code work}, {@code decision}, {@code pin}, {@code upload}, {@code search},
 * {@code wait}, {@code orientation}), each with its domain rules, use cases and tools, on a shared {@code channel}
 * core (identity, projections, limits, receipts) and one persistence adapter.
 */
package dev.switchboard.plugin.mailbox;
