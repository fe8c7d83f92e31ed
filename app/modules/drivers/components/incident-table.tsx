import { useSettings } from "~/components/settings/settings-context";
import { formatSpeed } from "~/lib/units";
import { Button, Group, NativeSelect, Stack, Text, TextInput } from "@mantine/core";
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Field } from "~/components/forms/field";
import { typedValue } from "~/lib/action-result";
import { Form, useLocation } from "@remix-run/react";
import { DataTable, createColumnHelper } from "~/components/data-table";
import { BEHAVIOURS, BEHAVIOUR_LABEL, type Behaviour } from "../behaviours";
import { useCompanyZone } from "~/components/company-time";
import { shortTime } from "../format";
import { When } from "./cells";
import { REVIEW_LABEL, REVIEW_STATUSES } from "../schemas";
import { ShowMore } from "./show-more";

export type IncidentRow = {
  id: string;
  behaviour: Behaviour;
  time: string;
  driverName: string;
  vehicle: string;
  severity: string;
  speed: number;
  speed_limit: number | null;
  status: (typeof REVIEW_STATUSES)[number];
  reason: string | null;
  note: string | null;
  history: Array<{
    status: string;
    by: string;
    at: string;
    reason: string | null;
    note: string | null;
  }>;
};

type Option = { value: string; label: string };
const SEVERITIES = ["low", "medium", "high"] as const;

/** The safety action's refusal of a review or settings form: Conform's reply. */
export type ReviewResult = {
  intent: string;
  eventId?: string;
  result?: SubmissionResult<string[]>;
};

function ReviewForm({ r, result }: { r: IncidentRow; result?: ReviewResult }) {
  const mine = result?.intent === "review" && result.eventId === r.id ? result : undefined;
  const [form, f] = useForm({ id: `review-${r.id}`, lastResult: mine?.result });
  const v = (k: string, d: string) => typedValue(mine?.result, k, d);
  const zone = useCompanyZone();
  return (
    <Form method="post" {...getFormProps(form)} noValidate={false} data-testid="review-form">
      <input type="hidden" name="intent" value="review" />
      <input type="hidden" name="eventId" value={r.id} />
      <Group gap={4} align="flex-start" wrap="nowrap">
        <NativeSelect
          aria-label="Review status"
          name="status"
          size="xs"
          defaultValue={v("status", r.status)}
          data={REVIEW_STATUSES.map((s) => ({ value: s, label: REVIEW_LABEL[s] }))}
        />
        <Field errors={f.reason}>
          <TextInput
            aria-label="Reason (to dismiss)"
            placeholder="Reason (to dismiss)"
            name="reason"
            size="xs"
            defaultValue={v("reason", r.reason ?? "")}
          />
        </Field>
        <TextInput
          aria-label="Note"
          placeholder="Note"
          name="note"
          size="xs"
          defaultValue={v("note", r.note ?? "")}
        />
        <Button type="submit" size="xs" variant="default">
          Save
        </Button>
      </Group>
      {r.history.length ? (
        <Text size="xs" c="dimmed" data-testid="review-history">
          {r.history
            .map(
              (h) =>
                `${REVIEW_LABEL[h.status as keyof typeof REVIEW_LABEL] ?? h.status} by ${h.by}, ${shortTime(h.at, zone)}`,
            )
            .join(" · ")}
        </Text>
      ) : null}
    </Form>
  );
}

export function IncidentTable({
  rows,
  total,
  step,
  filters,
  drivers,
  vehicles,
  result,
  manager,
}: {
  rows: IncidentRow[];
  total: number;
  step: number;
  filters: Record<string, string | number | null>;
  drivers: Array<{ id: number; name: string }>;
  vehicles: Array<{ imei: string; name: string }>;
  result?: ReviewResult;
  manager: boolean;
}) {
  const { measurement } = useSettings().settings;
  // Filtering keeps the period (and an open scorecard); a new filter starts from the first rows.
  const kept = [...new URLSearchParams(useLocation().search)].filter(([k]) =>
    ["days", "from", "to", "driver"].includes(k),
  );
  const col = createColumnHelper<IncidentRow>();
  const columns = [
    col.accessor("time", {
      header: "When",
      cell: ({ getValue }) => <When at={getValue()} />,
    }),
    col.accessor("behaviour", {
      header: "Behaviour",
      cell: ({ row: { original: r } }) =>
        BEHAVIOUR_LABEL[r.behaviour] +
        (r.speed_limit !== null
          ? ` (${formatSpeed(r.speed, measurement)} in a ${formatSpeed(r.speed_limit, measurement)} zone)`
          : ""),
    }),
    col.accessor("driverName", { header: "Driver" }),
    col.accessor("vehicle", { header: "Vehicle" }),
    col.accessor("severity", { header: "Severity" }),
    col.accessor("status", {
      header: "Status",
      cell: ({ row: { original: r } }) => (
        <span data-testid="incident-status">
          {REVIEW_LABEL[r.status]}
          {r.reason ? `: ${r.reason}` : ""}
        </span>
      ),
    }),
    ...(manager
      ? [
          col.display({
            id: "review",
            header: "Review",
            cell: ({ row: { original: r } }) => <ReviewForm r={r} result={result} />,
          }),
        ]
      : []),
  ];
  // One select per filter, each with "All" first; the driver filter's parameter is idriver
  // (driver= opens a scorecard).
  const selects: Array<{ label: string; name: string; key: string; options: Option[] }> = [
    {
      label: "Behaviour",
      name: "behaviour",
      key: "behaviour",
      options: BEHAVIOURS.map((b) => ({ value: b, label: BEHAVIOUR_LABEL[b] })),
    },
    {
      label: "Driver",
      name: "idriver",
      key: "driver",
      options: drivers.map((d) => ({ value: String(d.id), label: d.name })),
    },
    {
      label: "Vehicle",
      name: "vehicle",
      key: "vehicle",
      options: vehicles.map((v) => ({ value: v.imei, label: v.name })),
    },
    {
      label: "Severity",
      name: "severity",
      key: "severity",
      options: SEVERITIES.map((x) => ({ value: x, label: x })),
    },
    {
      label: "Status",
      name: "status",
      key: "status",
      options: REVIEW_STATUSES.map((x) => ({ value: x, label: REVIEW_LABEL[x] })),
    },
  ];
  return (
    <Stack gap="xs">
      <Form method="get">
        {kept.map(([k, v]) => (
          <input key={k} type="hidden" name={k} value={v} />
        ))}
        <Group gap="xs" align="flex-end">
          {selects.map((x) => (
            <NativeSelect
              key={x.name}
              label={x.label}
              name={x.name}
              defaultValue={filters[x.key] === null ? "" : String(filters[x.key])}
              data={[{ value: "", label: "All" }, ...x.options]}
            />
          ))}
          <Button type="submit" variant="default">
            Filter
          </Button>
        </Group>
      </Form>
      <Text size="sm" c="dimmed" data-testid="incident-count">
        {total > rows.length
          ? `Showing the newest ${rows.length} of ${total} incidents`
          : `${total} incidents`}
      </Text>
      <DataTable
        data={rows}
        columns={columns}
        getRowId={(r) => r.id}
        rowProps={(r) => ({ "data-event": r.id })}
        testId="incident-table"
        label="Incidents"
        minWidth={900}
        empty="No incidents in this period."
      />
      <ShowMore
        param="incidents"
        shown={rows.length}
        total={total}
        step={step}
        testId="incidents-more"
      />
    </Stack>
  );
}
