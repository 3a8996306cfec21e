/** The {@code search_messages} use case: checks the query and filters, picks the index or the scan, builds hits. */
package dev.switchboard.plugin.mailbox.search.application;
