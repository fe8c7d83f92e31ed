import { Anchor, Badge } from "@mantine/core";
import { Link } from "@remix-run/react";
import { DataTable, createColumnHelper } from "~/components/data-table";
import { TableToolbar } from "~/components/data-table/toolbar";
import { formatZoned } from "~/lib/zoned-time";
import { STATUS_LABEL, STATUS_VALUES } from "../ticket-labels";
import type { TicketRow, TicketsPage } from "../tickets-page.server";
import { SlaBadge } from "./ticket-panel";

const col = createColumnHelper<TicketRow>();

function columns(timeZone: string) {
  return [
    col.accessor("id", {
      header: "Ticket",
      cell: ({ row: { original: t } }) => (
        <Anchor component={Link} to={`?ticket=${t.id}`} preventScrollReset>
          #{t.id} {t.title}
        </Anchor>
      ),
    }),
    col.accessor("type", { header: "Type" }),
    col.accessor("statusLabel", {
      header: "Status",
      cell: ({ getValue }) => (
        <Badge variant="light" color="gray" miw="fit-content">
          {getValue()}
        </Badge>
      ),
    }),
    col.accessor("priority", { header: "Priority" }),
    col.accessor("assignee", { header: "Assignee" }),
    col.accessor("sla", { header: "SLA", cell: ({ getValue }) => <SlaBadge state={getValue()} /> }),
    col.accessor("createdAt", {
      header: "Raised",
      cell: ({ getValue }) => formatZoned(getValue(), timeZone, "datetime"),
    }),
  ];
}

/** The tickets list with its search and filters (status, type, jobsite, SLA state). */
export function TicketList({
  d,
}: {
  d: Pick<TicketsPage, "filters" | "types" | "jobsites" | "rows" | "timeZone" | "total">;
}) {
  return (
    <>
      <TableToolbar
        search={{
          value: d.filters.q,
          label: "Search tickets",
          placeholder: "Title or number",
        }}
        filters={[
          {
            name: "status",
            label: "Status",
            value: d.filters.status,
            options: [
              { value: "", label: "Any status" },
              ...STATUS_VALUES.map((s) => ({ value: s, label: STATUS_LABEL[s] })),
            ],
          },
          {
            name: "type",
            label: "Type",
            value: d.filters.type,
            options: [
              { value: "", label: "Any type" },
              ...d.types.map((t) => ({ value: String(t.id), label: t.name })),
            ],
          },
          ...(d.jobsites.length
            ? [
                {
                  name: "jobsite",
                  label: "Jobsite",
                  value: d.filters.jobsite,
                  options: [
                    { value: "", label: "Any jobsite" },
                    ...d.jobsites.map((j) => ({ value: String(j.id), label: j.name })),
                    { value: "none", label: "No jobsite" },
                  ],
                },
              ]
            : []),
          {
            name: "sla",
            label: "SLA",
            value: d.filters.sla,
            options: [
              { value: "", label: "Any SLA state" },
              { value: "on_time", label: "On time" },
              { value: "at_risk", label: "At risk" },
              { value: "breached", label: "Breached" },
              { value: "met", label: "Met" },
            ],
          },
        ]}
      />
      <DataTable
        data={d.rows}
        columns={columns(d.timeZone)}
        getRowId={(t) => String(t.id)}
        label="Tickets"
        testId="tickets"
        empty={d.total === 0 ? "No tickets yet." : "No tickets match these filters."}
      />
    </>
  );
}
