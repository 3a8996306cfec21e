/** {@code GET /status}: the HTTP endpoint of the status poll, mounted by the HTTP transport (ADR 8). */
package dev.switchboard.plugin.mailbox.status.adapter.in.http;
