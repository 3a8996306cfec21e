/**
 * The work use cases: {@code set_work_status}, the resolve / confirm / reopen loop, {@code open_obligations} and
 * {@code ready_work}. Each writing use case runs its checks and writes in one mailbox transaction, with the role from
 * the server, and audits every change in the message's history.
 */
package dev.switchboard.plugin.mailbox.work.application;
