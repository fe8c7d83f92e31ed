/**
 * The dashcam inbox: a date range, the toolbar's filters, the events table with thumbnails and
 * row checkboxes, and one bulk review form for the checked rows. Every part is a plain form
 * (GET for the view, POST for the review), so it works without JavaScript.
 */
import { Anchor, Badge, Button, Group, NativeSelect, Stack, Text, TextInput } from "@mantine/core";
import { Form, Link, useLocation } from "@remix-run/react";
import { useState } from "react";
import { DataTable, createColumnHelper } from "~/components/data-table";
import { TableToolbar } from "~/components/data-table/toolbar";
import type { TablePage } from "~/lib/table-query";
import { formatZoned } from "~/lib/zoned-time";
import { REVIEW_LABEL, REVIEW_STATUSES, type ReviewStatus } from "~/modules/drivers";
import type { InboxFilters } from "../inbox";
import {
  DASHCAM_TYPES,
  SEVERITIES,
  SEVERITY_LABEL,
  TYPE_LABEL,
  type DashcamType,
  type Severity,
} from "../types";
import { CompanyDay } from "~/components/company-time";

export type InboxRow = {
  id: string;
  time: string;
  type: DashcamType;
  vehicle: string;
  driver: string;
  severity: Severity;
  status: ReviewStatus;
  reason: string | null;
  thumbnail: string | null;
};

export type BulkResult = {
  intent: string;
  errors: Record<string, string>;
  values: Record<string, string>;
};

const SEVERITY_COLOUR: Record<Severity, string> = { low: "gray", medium: "orange", high: "red" };
const FILTER_KEYS = ["type", "vehicle", "driver", "severity", "status"] as const;
export const BULK_FORM = "bulk-review";

function DateRange({ fromDay, toDay }: { fromDay: string; toDay: string }) {
  const params = new URLSearchParams(useLocation().search);
  return (
    <Form method="get" preventScrollReset>
      {FILTER_KEYS.filter((k) => params.get(k)).map((k) => (
        <input key={k} type="hidden" name={k} value={params.get(k) ?? ""} />
      ))}
      <Group gap="xs" align="flex-end">
        <TextInput
          type="date"
          name="from"
          label="From"
          defaultValue={fromDay}
          key={`f${fromDay}`}
        />
        <TextInput type="date" name="to" label="To" defaultValue={toDay} key={`t${toDay}`} />
        <Button type="submit" variant="default">
          Show
        </Button>
      </Group>
    </Form>
  );
}

function BulkForm({ result, count }: { result?: BulkResult; count: number }) {
  const mine = result?.intent === "bulk" ? result : undefined;
  return (
    <Form method="post" id={BULK_FORM} data-testid="bulk-review">
      <input type="hidden" name="intent" value="bulk" />
      <Group gap="xs" align="flex-end" wrap="wrap">
        <NativeSelect
          name="status"
          label="Set the checked events to"
          defaultValue={mine?.values.status ?? "reviewed"}
          data={REVIEW_STATUSES.map((s) => ({ value: s, label: REVIEW_LABEL[s] }))}
          w={{ base: "100%", xs: 200 }}
        />
        <TextInput
          name="reason"
          label="Reason (to dismiss)"
          defaultValue={mine?.values.reason ?? ""}
          error={mine?.errors.reason}
          maxLength={200}
          w={{ base: "100%", xs: 220 }}
        />
        <TextInput
          name="note"
          label="Note"
          defaultValue={mine?.values.note ?? ""}
          maxLength={1000}
          w={{ base: "100%", xs: 220 }}
        />
        <Button type="submit">Apply to checked events</Button>
      </Group>
      {mine?.errors.ids ? (
        <Text c="red.8" size="sm" role="alert" mt={4}>
          {mine.errors.ids}
        </Text>
      ) : (
        <Text size="xs" c="dimmed" mt={4}>
          Check events in the table ({count} on this page), then apply a status to all of them.
        </Text>
      )}
    </Form>
  );
}

export function EventInbox({
  rows,
  paging,
  filters,
  range,
  cameras,
  drivers,
  timeZone,
  manager,
  result,
}: {
  rows: InboxRow[];
  paging: TablePage;
  filters: InboxFilters;
  range: { fromDay: string; toDay: string; notice: string | null };
  cameras: Array<{ imei: string; name: string }>;
  drivers: Array<{ id: number; name: string }>;
  timeZone: string;
  manager: boolean;
  result?: BulkResult;
}) {
  const [checked, setChecked] = useState<Set<string>>(new Set());
  const allChecked = rows.length > 0 && rows.every((r) => checked.has(r.id));
  const col = createColumnHelper<InboxRow>();
  const all = { value: "", label: "All" };
  const columns = [
    ...(manager
      ? [
          col.display({
            id: "pick",
            header: () => (
              <input
                type="checkbox"
                aria-label="Check every event on this page"
                checked={allChecked}
                onChange={() => setChecked(allChecked ? new Set() : new Set(rows.map((r) => r.id)))}
              />
            ),
            cell: ({ row: { original: r } }) => (
              <input
                type="checkbox"
                name="ids"
                value={r.id}
                form={BULK_FORM}
                aria-label={`Check ${TYPE_LABEL[r.type]} of ${r.vehicle}, ${formatZoned(r.time, timeZone)}`}
                checked={checked.has(r.id)}
                onChange={(e) => {
                  const next = new Set(checked);
                  if (e.currentTarget.checked) next.add(r.id);
                  else next.delete(r.id);
                  setChecked(next);
                }}
              />
            ),
          }),
        ]
      : []),
    col.accessor("thumbnail", {
      header: "Snapshot",
      cell: ({ row: { original: r } }) =>
        r.thumbnail ? (
          <Link to={`/dashboard/dashcam-events/${r.id}`} tabIndex={-1} aria-hidden="true">
            <img
              src={r.thumbnail}
              alt=""
              width={96}
              height={54}
              loading="lazy"
              style={{ display: "block", borderRadius: 4, objectFit: "cover" }}
            />
          </Link>
        ) : null,
    }),
    col.accessor("time", {
      header: "When",
      meta: { nowrap: true },
      cell: ({ row: { original: r } }) => (
        <Anchor component={Link} to={`/dashboard/dashcam-events/${r.id}`} data-event-link={r.id}>
          {formatZoned(r.time, timeZone)}
        </Anchor>
      ),
    }),
    col.accessor("type", {
      header: "Event",
      cell: ({ getValue }) => TYPE_LABEL[getValue() as DashcamType],
    }),
    col.accessor("vehicle", { header: "Vehicle" }),
    col.accessor("driver", { header: "Driver" }),
    col.accessor("severity", {
      header: "Severity",
      cell: ({ getValue }) => (
        <Badge color={SEVERITY_COLOUR[getValue() as Severity]} variant="light" autoContrast>
          {SEVERITY_LABEL[getValue() as Severity]}
        </Badge>
      ),
    }),
    col.accessor("status", {
      header: "Status",
      meta: { cellProps: () => ({ "data-testid": "event-status" }) },
      cell: ({ row: { original: r } }) =>
        `${REVIEW_LABEL[r.status]}${r.reason ? `: ${r.reason}` : ""}`,
    }),
  ];
  return (
    <Stack gap="sm">
      <DateRange fromDay={range.fromDay} toDay={range.toDay} />
      {range.notice ? (
        <Text size="sm" c="orange.9" role="status">
          {range.notice}
        </Text>
      ) : null}
      <TableToolbar
        testId="dashcam-toolbar"
        keep={["from", "to"]}
        filters={[
          {
            name: "type",
            label: "Event",
            value: filters.type ?? "",
            options: [all, ...DASHCAM_TYPES.map((t) => ({ value: t, label: TYPE_LABEL[t] }))],
          },
          {
            name: "vehicle",
            label: "Vehicle",
            value: filters.vehicle ?? "",
            options: [all, ...cameras.map((c) => ({ value: c.imei, label: c.name }))],
          },
          {
            name: "driver",
            label: "Driver",
            value: filters.driver ?? "",
            options: [
              all,
              ...drivers.map((d) => ({ value: String(d.id), label: d.name })),
              { value: "none", label: "Unidentified" },
            ],
          },
          {
            name: "severity",
            label: "Severity",
            value: filters.severity ?? "",
            options: [all, ...SEVERITIES.map((s) => ({ value: s, label: SEVERITY_LABEL[s] }))],
          },
          {
            name: "status",
            label: "Status",
            value: filters.status ?? "",
            options: [all, ...REVIEW_STATUSES.map((s) => ({ value: s, label: REVIEW_LABEL[s] }))],
          },
        ]}
      />
      <Text size="sm" c="dimmed" data-testid="event-count">
        {paging.total} {paging.total === 1 ? "event" : "events"} from{" "}
        <CompanyDay day={range.fromDay} /> to <CompanyDay day={range.toDay} />
      </Text>
      <DataTable
        data={rows}
        columns={columns}
        getRowId={(r) => r.id}
        rowProps={(r) => ({ "data-event": r.id })}
        testId="dashcam-events"
        label="Dashcam events"
        paging={paging}
        minWidth={900}
        empty="No dashcam events match these filters."
      />
      {manager && rows.length ? <BulkForm result={result} count={rows.length} /> : null}
    </Stack>
  );
}
