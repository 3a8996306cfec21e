/** {@code GET /metrics}: the scrape endpoint. */
package dev.switchboard.plugin.metrics.adapter.in.http;
