/** What the hooks' use cases need from outside: the hosted server, the token file, the stop hook's snapshot. */
package dev.switchboard.plugin.mailbox.hook.application.port.out;
