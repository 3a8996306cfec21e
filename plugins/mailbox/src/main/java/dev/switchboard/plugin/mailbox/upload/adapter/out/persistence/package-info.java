/** The upload capability's storage on {@code mailbox_upload}, in jOOQ, for both dialects. */
package dev.switchboard.plugin.mailbox.upload.adapter.out.persistence;
