/** What the search use case needs from storage: the index lookup and the scan, behind {@link MessageSearch}. */
package dev.switchboard.plugin.mailbox.search.application.port.out;
