/**
 * Leave rules shared by the calendar (browser) and the server: colours (SPEC §4: green when at
 * least one approval exists, grey while pending), the days a request covers, and the warning that
 * a request would leave a group short.
 */
import { addDays } from "~/lib/zoned-days";

export type LeaveLike = {
  id?: number;
  username_id: number;
  leave_start_date: string;
  leave_end_date: string;
  status: "pending" | "approved" | "declined" | "cancelled";
  leave_approval: ReadonlyArray<{ approved: boolean }>;
};
export type GroupPerson = { username_id: number; role: string; group_ids: number[] };

/** Clicks inside the calendar's modals do not clear its selection (FullCalendar unselectCancel). */
export const LEAVE_MODAL_CLASS = "leave-modal";

/** Dark enough for white text at 14 px (contrast 5.4:1; Mantine's green 9 gives 4.4:1). */
export const LEAVE_GREEN = "#237a36";
export const LEAVE_GREY = "#5f6b76";

/** SPEC §4: green when at least one approval exists (approved), otherwise grey (pending). */
export const isApprovedLook = (l: Pick<LeaveLike, "leave_approval">) =>
  l.leave_approval.some((a) => a.approved);
export const leaveColour = (l: Pick<LeaveLike, "leave_approval">) =>
  isApprovedLook(l) ? LEAVE_GREEN : LEAVE_GREY;

/** Leave that still takes someone away: pending or approved (not declined or cancelled). */
export const isActive = (l: Pick<LeaveLike, "status">) =>
  l.status === "pending" || l.status === "approved";

const weekday = (d: string) => {
  const n = new Date(`${d}T00:00:00Z`).getUTCDay();
  return n !== 0 && n !== 6;
};

const plural = (role: string) => (/(s|sh|ch|x)$/.test(role) ? `${role}es` : `${role}s`);

/**
 * "2 of 3 mechanics already away on 2031-03-12": the worst working day of the range for each of
 * the requester's groups, when fewer than half of the group would be left at work. The count is
 * of the others; the group's size includes the requester.
 */
export function groupShortWarnings(
  req: { username_id: number; from: string; to: string },
  people: readonly GroupPerson[],
  leave: readonly LeaveLike[],
  groupNames: ReadonlyMap<number, string>,
): string[] {
  const me = people.find((p) => p.username_id === req.username_id);
  if (!me || req.to < req.from) return [];
  const out: string[] = [];
  for (const g of me.group_ids) {
    const members = people.filter((p) => p.group_ids.includes(g));
    if (members.length < 2) continue;
    const others = new Set(members.map((m) => m.username_id).filter((id) => id !== me.username_id));
    let worst = { away: 0, days: [] as string[] };
    for (let d = req.from; d <= req.to; d = addDays(d, 1)) {
      if (!weekday(d)) continue;
      const away = new Set(
        leave
          .filter(
            (l) =>
              others.has(l.username_id) &&
              isActive(l) &&
              l.leave_start_date <= d &&
              l.leave_end_date >= d,
          )
          .map((l) => l.username_id),
      ).size;
      if (away > worst.away) worst = { away, days: [d] };
      else if (away === worst.away && away > 0) worst.days.push(d);
    }
    const left = members.length - worst.away - 1;
    if (worst.away === 0 || left >= members.length / 2) continue;
    const roles = new Set(members.map((m) => m.role));
    const who =
      roles.size === 1 ? plural([...roles][0]!) : `people in ${groupNames.get(g) ?? "the group"}`;
    const when =
      worst.days.length === 1
        ? worst.days[0]
        : `${worst.days.length} days from ${worst.days[0]} to ${worst.days[worst.days.length - 1]}`;
    out.push(`${worst.away} of ${members.length} ${who} already away on ${when}`);
  }
  return out;
}
