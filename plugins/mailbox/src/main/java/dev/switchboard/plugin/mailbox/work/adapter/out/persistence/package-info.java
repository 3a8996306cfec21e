/**
 * The work capability's SQL on both dialects: the facts of messages as the work rules see them (gathered in one
 * query with the history's marks and the blockers' liveness), and the writes of work_status, blockers and the debt
 * loop. The only place of the capability where jOOQ appears.
 */
package dev.switchboard.plugin.mailbox.work.adapter.out.persistence;
