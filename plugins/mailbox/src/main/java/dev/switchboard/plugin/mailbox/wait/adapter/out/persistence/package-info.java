/** The wait capability's SQL on both dialects: the reply a wait_for_reply waits for. */
package dev.switchboard.plugin.mailbox.wait.adapter.out.persistence;
