/** What started plugins contribute to the kernel, kept by owner: {@link dev.switchboard.kernel.contribution.ByOwner}. */
package dev.switchboard.kernel.contribution;
