/**
 * The {@code metrics} plugin: a tool-call observer and a {@code GET /metrics} endpoint in the Prometheus formats,
 * built on the ports' observer and HTTP endpoint seams. {@code application} keeps the instruments;
 * {@code adapter.in.observer} feeds them from every tool call; {@code adapter.in.http} serves the scrape.
 */
package dev.switchboard.plugin.metrics;
