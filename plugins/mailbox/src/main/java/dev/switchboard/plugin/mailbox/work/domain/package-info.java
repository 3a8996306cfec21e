/**
 * The rules of debts and work, in plain Java: the work_status values and which transitions are allowed, what makes
 * a blocker valid and live, the resolve / confirm / reopen loop, whose list a task lands in (the author of the last
 * transition), when a debt counts as taken, and how old and how idle a debt is. Every type is an immutable value or a
 * pure function over facts the persistence adapter gathered, so the rules can be read and tested on their own.
 */
package dev.switchboard.plugin.mailbox.work.domain;
