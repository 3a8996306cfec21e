/** Files the hooks read and write: the token file (checked before it is read), the stop hook's snapshot. */
package dev.switchboard.plugin.mailbox.hook.adapter.out.file;
