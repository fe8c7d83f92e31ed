import {
  Alert,
  Anchor,
  Button,
  Grid,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { parseForm } from "~/lib/parse-form";
import { LimitFormCard } from "~/modules/environment/components/limit-form";
import { ExcursionTable } from "~/modules/environment/components/excursion-table";
import { SensorChart } from "~/modules/environment/components/sensor-chart";
import {
  devicePage,
  removeDeviceLimit,
  saveDeviceLimit,
} from "~/modules/environment/environment.server";
import { LimitSchema, UNIT_LABEL } from "~/modules/environment/limit-form";
import { CHANNEL_LABEL, KIND_LABEL, displayUnit, formatMinutes } from "~/modules/environment/units";
import { requireModule } from "~/services/guard.server";
import { switchIntent } from "~/services/intent.server";
import { measurementOf } from "~/services/measurement.server";
import { redirectWithToast } from "~/services/toast.server";
import { useActionResult } from "~/lib/action-result";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.device.nickname ?? "Sensor"} · Environment · Tracksmith` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "environment");
  return json(
    await devicePage(ctx, params.imei ?? "", new URL(request.url), measurementOf(request)),
  );
}

type ActionData = { result?: SubmissionResult<string[]>; message?: string | null };

export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "environment");
  const imei = params.imei ?? "";
  const page = `/dashboard/environment/${imei}`;
  return switchIntent(await request.formData(), {
    "save-limit": async (form) => {
      const submission = parseForm(form, LimitSchema);
      if (submission.status !== "success")
        return json<ActionData>({ result: submission.reply(), message: null }, { status: 400 });
      const r = await saveDeviceLimit(ctx, imei, submission.value);
      if (!r.ok)
        return json<ActionData>(
          { result: submission.reply(), message: r.message },
          { status: 400 },
        );
      return redirectWithToast(`${page}?channel=${r.limit.channel}`, {
        type: "success",
        description:
          r.alerted > 0
            ? `Limit saved. Already exceeded: ${r.alerted} alert${r.alerted === 1 ? "" : "s"} sent.`
            : "Limit saved.",
      });
    },
    "delete-limit": async (form) => {
      const id = Number(form.get("id"));
      if (!Number.isInteger(id) || id <= 0) throw new Response("Not found", { status: 404 });
      const l = await removeDeviceLimit(ctx, imei, id);
      return redirectWithToast(page, {
        type: "success",
        description: `${CHANNEL_LABEL[l.channel]} limit removed.`,
      });
    },
  });
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Paper withBorder p="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>{value}</Text>
    </Paper>
  );
}

const RANGES = [
  ["24h", "24 hours"],
  ["7d", "7 days"],
  ["30d", "30 days"],
  ["1y", "1 year"],
] as const;

/** One sensor device: a channel over a chosen range, its limits, and the report downloads. */
export default function EnvironmentDevice() {
  const d = useLoaderData<typeof loader>();
  const act = useActionResult<typeof action>();
  const unit = displayUnit(d.channel, d.measurement);
  const v = d.view;
  const qs = new URLSearchParams({ channel: d.channel });
  if ("preset" in d.range && d.range.preset) qs.set("range", d.range.preset);
  if ("fromDay" in d.range && d.range.fromDay) {
    qs.set("from", d.range.fromDay);
    qs.set("to", d.range.toDay);
  }
  const fmt = (x: number | null | undefined) =>
    x === null || x === undefined ? "—" : `${x} ${unit}`;
  return (
    <Stack gap="md" maw={1300}>
      <div>
        <Anchor component={Link} to="/dashboard/environment" size="sm">
          ← Environment
        </Anchor>
        <Title order={1} size="h2">
          {d.device.nickname}
        </Title>
        <Text c="dimmed" size="sm">
          {KIND_LABEL[d.device.kind]} · IMEI {d.device.imei} · a reading every{" "}
          {Math.round(d.device.interval_s / 60)} minutes · times in {d.timeZone}
        </Text>
      </div>
      {d.device.channels.length ? null : (
        <Alert color="gray" data-testid="no-channels">
          This device reports no sensor channels: nothing to chart or limit.
        </Alert>
      )}
      <Form method="get" data-testid="range-form">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <NativeSelect
            name="channel"
            label="Channel"
            defaultValue={d.channel}
            data={d.device.channels.map((c) => ({
              value: c.channel,
              label: CHANNEL_LABEL[c.channel]!,
            }))}
          />
          <NativeSelect
            name="range"
            label="Range"
            defaultValue={"preset" in d.range ? (d.range.preset ?? "") : "24h"}
            data={[
              ...RANGES.map(([value, label]) => ({ value, label })),
              { value: "", label: "Dates below" },
            ]}
          />
          <TextInput
            type="date"
            name="from"
            label="From"
            defaultValue={"fromDay" in d.range ? d.range.fromDay : ""}
          />
          <TextInput
            type="date"
            name="to"
            label="To"
            defaultValue={"toDay" in d.range ? d.range.toDay : ""}
          />
          <Button type="submit" variant="light">
            Show
          </Button>
        </Group>
      </Form>
      {"error" in d.range ? (
        <Alert color="red" role="alert">
          {d.range.error}
        </Alert>
      ) : null}
      {v ? (
        <>
          <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }}>
            <Stat label="Readings" value={`${v.stats.samples}`} />
            <Stat label="Minimum / maximum" value={`${fmt(v.stats.min)} / ${fmt(v.stats.max)}`} />
            <Stat label="Mean" value={fmt(v.stats.mean)} />
            {d.channel === "temperature" ? (
              <Stat label="Mean kinetic temperature" value={fmt(v.stats.mkt)} />
            ) : null}
            <Stat
              label="Time out of range"
              value={v.band ? formatMinutes(v.stats.outMs) : "No limit"}
            />
            <Stat
              label="Data gaps"
              value={`${v.gaps.length}${v.stats.late ? ` · ${v.stats.late} late uploads` : ""}`}
            />
          </SimpleGrid>
          <Paper withBorder p="sm">
            <SensorChart
              t={v.chart.t}
              v={v.chart.v}
              band={v.band}
              excursions={v.excursions.map((e) => ({ from: e.start, to: e.end }))}
              gaps={v.gaps}
              unit={unit || CHANNEL_LABEL[d.channel]!}
              timeZone={d.timeZone}
              label={`${CHANNEL_LABEL[d.channel]} of ${d.device.nickname}: ${v.chart.t.length} points drawn from ${v.stats.samples} readings, ${v.excursions.length} excursions, ${v.gaps.length} gaps`}
              testId="sensor-chart"
            />
            <Text size="xs" c="dimmed" mt={4}>
              Grey bands are gaps (no readings; never filled in). Red bands are excursions; dashed
              lines are the limits.
            </Text>
          </Paper>
          <Group gap="sm" data-testid="downloads">
            <Text size="sm" fw={600}>
              Report:
            </Text>
            {(["csv", "xlsx", "pdf"] as const).map((f) => (
              <Anchor key={f} href={`/dashboard/environment/${d.device.imei}/report/${f}?${qs}`}>
                {f.toUpperCase()}
              </Anchor>
            ))}
          </Group>
          <ExcursionTable
            excursions={v.excursions}
            timeZone={d.timeZone}
            unit={unit}
            minDurationS={v.minDurationS}
          />
        </>
      ) : null}
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Paper withBorder p="md">
            <Title order={2} size="h4" mb="sm">
              Limits
            </Title>
            {d.limits.length ? (
              <Stack gap="xs" data-testid="limits">
                {d.limits.map((l) => (
                  <Group key={l.id} justify="space-between" wrap="nowrap">
                    <Text size="sm">
                      {CHANNEL_LABEL[l.channel]}:{" "}
                      {l.min === null ? "" : `min ${l.min} ${UNIT_LABEL[l.unit] ?? l.unit}`}
                      {l.min !== null && l.max !== null ? ", " : ""}
                      {l.max === null ? "" : `max ${l.max} ${UNIT_LABEL[l.unit] ?? l.unit}`}; alert
                      after {Math.round(l.min_duration_s / 60)} min
                    </Text>
                    {d.canManage ? (
                      <Form method="post">
                        <input type="hidden" name="id" value={l.id} />
                        <Button
                          type="submit"
                          name="intent"
                          value="delete-limit"
                          variant="subtle"
                          size="compact-sm"
                        >
                          Remove
                        </Button>
                      </Form>
                    ) : null}
                  </Group>
                ))}
              </Stack>
            ) : (
              <Text size="sm" c="dimmed">
                No limits yet: nothing alerts for this device.
              </Text>
            )}
          </Paper>
        </Grid.Col>
        {d.canManage && d.device.channels.length ? (
          <Grid.Col span={{ base: 12, md: 6 }}>
            <LimitFormCard
              channels={d.device.channels.map((c) => c.channel)}
              defaultChannel={d.channel}
              result={act}
            />
          </Grid.Col>
        ) : null}
      </Grid>
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
