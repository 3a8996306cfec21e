package dev.switchboard.plugin.mailbox.board.application;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.regex.Pattern;

import dev.switchboard.ports.summary.ActionResult;

/**
 * What became of the owner's last action, shown as a status line on the index it redirects to (ADR 69): {@code POST
 * /board} answers {@code 303} to {@code /board?done=<action>&target=<id>} when a feature took the action and to
 * {@code /board?gone=<action>&target=<id>} when its target is not there (ended, or never was); a refused action never redirects (it is
 * answered with a page saying why and that nothing was done). The query only chooses one of two fixed sentences, and
 * the action and target are shown only when they have the form an action's may have, so a crafted link shows
 * nothing but that sentence. Immutable.
 *
 * @param kind   {@code done} or {@code gone}
 * @param action the action's name, such as {@code workspace.abort}
 * @param target its target's id
 */
public record ActionNotice(String kind, String action, String target) {

    /** An action's name: a lower-case word with dots, dashes and underscores, at most 48 characters. */
    private static final Pattern ACTION = Pattern.compile("[a-z][a-z0-9_.-]{0,47}");

    /** A target's id: at most 128 letters, digits, {@code _ . : -}. */
    private static final Pattern TARGET = Pattern.compile("[A-Za-z0-9_.:-]{1,128}");

    /** @return whether {@code action} has an action name's form */
    public static boolean isAction(String action) {
        return action != null && ACTION.matcher(action).matches();
    }

    /** @return whether {@code target} has a target id's form */
    public static boolean isTarget(String target) {
        return target != null && TARGET.matcher(target).matches();
    }

    /**
     * @param result {@link ActionResult#DONE} or {@link ActionResult#GONE}
     * @param action a well-formed action name
     * @param target a well-formed target id
     * @return the index's path with the notice in its query
     */
    public static String location(ActionResult result, String action, String target) {
        String kind = result == ActionResult.DONE ? "done" : "gone";
        return "/board?" + kind + "=" + URLEncoder.encode(action, StandardCharsets.UTF_8) + "&target="
                + URLEncoder.encode(target, StandardCharsets.UTF_8);
    }

    /**
     * @param done   the {@code done} query parameter, or null
     * @param gone   the {@code gone} query parameter, or null
     * @param target the {@code target} query parameter, or null
     * @return the notice they name, or empty when they name none or are malformed
     */
    public static Optional<ActionNotice> of(String done, String gone, String target) {
        String kind = done != null ? "done" : gone != null ? "gone" : null;
        String action = done != null ? done : gone;
        if (kind == null || !isAction(action) || !isTarget(target)) {
            return Optional.empty();
        }
        return Optional.of(new ActionNotice(kind, action, target));
    }

    /** @return the status line's sentence */
    public String sentence() {
        return kind.equals("done")
                ? "Done: " + action + " was taken for " + target + "."
                : "Nothing done: " + target + " is not running (it has ended, or never ran), so " + action
                        + " had nothing to act on.";
    }
}
