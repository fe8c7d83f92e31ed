import type { ReactNode } from "react";
import { DataTable, createColumnHelper } from "~/components/data-table";
import { LeaveSpan } from "./leave-detail";
import { LeaveStatus } from "./leave-status";

/** What a leave list shows of a request (leave.server.ts's rows, as the loader sends them). */
export type LeaveListRow = {
  id: number;
  accounts: { first_name: string; last_name: string };
  type_of_leave: string;
  leave_start_date: string;
  leave_end_date: string;
  allDay: boolean;
  hours: number | null;
  working_days: number;
  status: "pending" | "approved" | "declined" | "cancelled";
  approvals: number;
  approvals_required: number;
  reason: string;
  leave_approval: Array<{
    approved: boolean;
    first_name: string;
    last_name: string;
    comment?: string | null;
  }>;
};

const by = (a: LeaveListRow["leave_approval"][number]) =>
  `${a.first_name} ${a.last_name}${a.comment ? `: ${a.comment}` : ""}`;

/** Reviewers read the count first, then each decision; the requester reads the decisions. */
const APPROVALS = {
  all: (l: LeaveListRow) =>
    `${l.approvals} of ${l.approvals_required}` +
    l.leave_approval.map((a) => ` · ${a.approved ? "approved" : "declined"} by ${by(a)}`).join(""),
  mine: (l: LeaveListRow) =>
    l.leave_approval.length === 0
      ? `None yet (needs ${l.approvals_required})`
      : l.leave_approval
          .map((a) => `${a.approved ? "Approved" : "Declined"} by ${by(a)}`)
          .join("; "),
};

/**
 * A table of leave requests: type, dates, working days, status, approvals and reason. `all` (the
 * reviewers' list) adds the person and reads approvals as a count; `last` is the page's own column
 * (cancel my request, or decide on someone else's).
 */
export function LeaveList<R extends LeaveListRow>(props: {
  rows: R[];
  view: keyof typeof APPROVALS;
  last: { id: string; header: string; cell: (l: R) => ReactNode };
  label: string;
  testId: string;
  minWidth: number;
  empty: string;
}) {
  const col = createColumnHelper<R>();
  const columns = [
    ...(props.view === "all"
      ? [
          col.display({
            id: "person",
            header: "Person",
            meta: { nowrap: true },
            cell: ({ row: { original: l } }) => `${l.accounts.first_name} ${l.accounts.last_name}`,
          }),
        ]
      : []),
    col.display({
      id: "type_of_leave",
      header: "Type",
      cell: ({ row }) => row.original.type_of_leave,
    }),
    col.display({
      id: "dates",
      header: "Dates",
      meta: { nowrap: true },
      cell: ({ row: { original: l } }) => <LeaveSpan l={l} />,
    }),
    col.display({
      id: "days",
      header: "Working days",
      meta: { align: "right" },
      cell: ({ row: { original: l } }) =>
        l.allDay ? l.working_days : `${l.working_days} × ${l.hours} h`,
    }),
    col.display({
      id: "status",
      header: "Status",
      cell: ({ row: { original: l } }) => (
        <LeaveStatus status={l.status} approvals={l.approvals} required={l.approvals_required} />
      ),
    }),
    col.display({
      id: "decisions",
      header: "Approvals",
      cell: ({ row: { original: l } }) => APPROVALS[props.view](l),
    }),
    col.display({ id: "reason", header: "Reason", cell: ({ row }) => row.original.reason }),
    col.display({
      id: props.last.id,
      header: props.last.header,
      cell: ({ row: { original: l } }) => props.last.cell(l),
    }),
  ];
  return (
    <DataTable
      data={props.rows}
      columns={columns}
      getRowId={(l) => String(l.id)}
      rowProps={(l) => ({ "data-leave": l.id, "data-status": l.status })}
      label={props.label}
      testId={props.testId}
      minWidth={props.minWidth}
      empty={props.empty}
    />
  );
}
