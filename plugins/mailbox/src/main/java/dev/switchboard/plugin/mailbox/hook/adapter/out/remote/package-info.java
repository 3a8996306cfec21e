/** The hosted server's {@code /hook-status} and {@code /status}, asked with the JDK's HTTP client, no redirects. */
package dev.switchboard.plugin.mailbox.hook.adapter.out.remote;
