package dev.switchboard.plugin.mailbox.orientation.domain;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

import dev.switchboard.plugin.mailbox.work.domain.TaskList;
import dev.switchboard.plugin.mailbox.work.domain.WorkFacts;

/**
 * The six task lists of one role's {@code channel_status}, each ascending by id: where each of the role's messages
 * lands by {@link TaskList#placing}. Immutable.
 *
 * @param lists every list with its entries
 */
public record TaskLists(Map<TaskList, List<TaskEntry>> lists) {

    /** @throws NullPointerException if the map is null */
    public TaskLists {
        EnumMap<TaskList, List<TaskEntry>> copy = new EnumMap<>(TaskList.class);
        for (TaskList list : TaskList.values()) {
            List<TaskEntry> entries = lists.get(list);
            copy.put(list, entries == null ? List.of() : List.copyOf(entries));
        }
        lists = Map.copyOf(copy);
    }

    /**
     * @param participating the live messages the role sends or receives that may be in a list (any order)
     * @param role          the role
     * @return the role's lists
     */
    public static TaskLists of(List<WorkFacts> participating, String role) {
        Objects.requireNonNull(role, "role");
        EnumMap<TaskList, List<TaskEntry>> lists = new EnumMap<>(TaskList.class);
        for (TaskList list : TaskList.values()) {
            lists.put(list, new ArrayList<>());
        }
        participating.stream().sorted(Comparator.comparingLong(WorkFacts::id)).forEach(task -> {
            for (TaskList list : TaskList.placing(task, role)) {
                lists.get(list).add(new TaskEntry(list, task));
            }
        });
        return new TaskLists(lists);
    }

    /**
     * @param list a list
     * @return its entries, ascending by id
     */
    public List<TaskEntry> of(TaskList list) {
        return lists.get(list);
    }

    /**
     * @param list a list
     * @return the ids in it, for the actionable counters
     */
    public Set<Long> ids(TaskList list) {
        Set<Long> ids = new TreeSet<>();
        lists.get(list).forEach(entry -> ids.add(entry.task().id()));
        return ids;
    }
}
