import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { useActionResult } from "~/lib/action-result";
import type { ReactNode } from "react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { RequiresPermission } from "~/components/requires-permission";
import { CAN } from "~/lib/access";
import { parseForm } from "~/lib/parse-form";
import { formatZoned } from "~/lib/zoned-time";
import { notifyBreaches } from "~/modules/concrete/breach-notices.server";
import { errorOf, valueOf, type Reply } from "~/modules/concrete/components/form-bits";
import {
  PourBreaches,
  PourEvaporation,
  PourSensors,
  PourTargets,
} from "~/modules/concrete/components/pour-sections";
import { SeriesChart } from "~/modules/concrete/components/series-chart";
import { invalid } from "~/modules/concrete/form-result.server";
import { BREACH_LABELS, breachFigure, rowsInUnit } from "~/modules/concrete/pour-analysis";
import { SignOffSchema } from "~/modules/concrete/pour-forms";
import { idParam, pourOf, refusal, up } from "~/modules/concrete/pours.server";
import { signOffPour } from "~/modules/concrete/pours-upstream.server";
import { viewPourPage } from "~/modules/concrete/view-pour.server";
import { canAt, requireModule } from "~/services/guard.server";
import { switchIntent } from "~/services/intent.server";
import { logError } from "~/services/log.server";
import { redirectWithToast } from "~/services/toast.server";
import { useSettings } from "~/components/settings/settings-context";
import {
  formatCelsiusDelta,
  MATURITY_UNIT,
  temperatureLabel,
  toTemperatureDeltaUnit,
} from "~/lib/units";

export const meta: MetaFunction = () => [{ title: "Pour · Tracksmith" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "concrete");
  const data = await viewPourPage(ctx, idParam(params.id));
  // Breaches seen here are notified at once (once each, as the background check would).
  if (data.pour.status === "active" && data.breaches.some((b) => !b.notified))
    void notifyBreaches(ctx, data.pour, data.breaches).catch((e) => logError("concrete", e));
  const canEdit = canAt(ctx, `/concrete/pour/${data.pour.id}`).save;
  return json({ ...data, can: ctx.can, canEdit });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "concrete");
  return switchIntent(await request.formData(), {
    signoff: async (form) => {
      const id = idParam(params.id);
      // Another company's pour is a 404 before the form is even read.
      await pourOf(ctx, id);
      const s = parseForm(form, SignOffSchema);
      if (s.status !== "success") return invalid(form, s);
      try {
        await signOffPour(up(ctx), id, s.value);
      } catch (e) {
        return json<Reply>({ errors: { name: refusal(e) }, values: s.value }, { status: 400 });
      }
      return redirectWithToast(`/concrete/view-pour/${id}`, {
        type: "success",
        description: "Pour report signed off.",
      });
    },
  });
}

function Stat({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <Paper withBorder p="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} data-testid={testId}>
        {value}
      </Text>
    </Paper>
  );
}

/** The live pour page (concrete/view-pour/{id}). */
export default function ViewPour() {
  const d = useLoaderData<typeof loader>();
  const reply = useActionResult<typeof action>();
  const busy = useNavigation().state === "submitting";
  const tz = d.timeZone;
  const p = d.pour;
  const when = (t: number | string | null) => (t === null ? "—" : formatZoned(t, tz));
  const sensorSeries = d.sensors.map((s) => ({
    name: s.imei,
    label: `${s.nickname} (${s.position})`,
  }));
  const inConcrete = d.sensors.filter((s) => s.position !== "ambient");
  const open = d.breaches.filter((b) => b.end === null);
  const { measurement } = useSettings().settings;
  const maxDiffC = d.limits.length ? Math.min(...d.limits.map((l) => l.max_diff_c)) : null;
  const maxDiff = maxDiffC === null ? null : toTemperatureDeltaUnit(maxDiffC, measurement);
  return (
    <Stack gap="md" maw={1400}>
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {p.element}
          </Title>
          <Text size="sm" c="dimmed">
            Placed {when(p.placed_at)} · {p.volume_m3} m³ · {p.thickness_m} m thick ·{" "}
            <Badge variant="light" color={p.status === "active" ? "teal" : "gray"}>
              {p.status}
            </Badge>
          </Text>
        </Stack>
        <Group gap="xs">
          <Button component={Link} to={`/concrete/pour-device-links/${p.id}`} variant="default">
            Sensors
          </Button>
          {d.canEdit ? (
            <Button component={Link} to={`/concrete/pour/${p.id}`} variant="default">
              Edit
            </Button>
          ) : null}
          <Button component="a" href={`/concrete/pour-report/${p.id}`} variant="default">
            Pour report (PDF)
          </Button>
        </Group>
      </Group>
      {open.length ? (
        <Alert color="red" role="alert" title="Limits breached now" data-testid="open-breaches">
          {open.map((b) => (
            <div key={b.id}>
              {BREACH_LABELS[b.kind]} at {b.sensor}: {breachFigure(b.kind, b.peak, measurement)}{" "}
              against {breachFigure(b.kind, b.threshold, measurement)} ({b.limitName}) since{" "}
              {when(b.start)}
            </div>
          ))}
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
        <Stat
          label="In-place strength (weakest sensor)"
          testId="pour-strength"
          value={d.strength === null ? "No strength curve" : `${d.strength.toFixed(1)} MPa`}
        />
        <Stat
          label="Mix design"
          value={
            d.mix ? (
              <Anchor component={Link} to={`/concrete/mix-design/${d.mix.id}`}>
                {d.mix.name} ({d.mix.design_strength_mpa} MPa)
              </Anchor>
            ) : (
              "None"
            )
          }
        />
        <Stat
          label="Core–surface difference now"
          testId="pour-difference"
          value={
            d.currentDifference === null
              ? "—"
              : formatCelsiusDelta(d.currentDifference, measurement)
          }
        />
        <Stat label="Sensors" value={`${d.sensors.length} linked`} />
      </SimpleGrid>

      <PourTargets d={d} when={when} />

      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <SeriesChart
          title="Temperature"
          unit={temperatureLabel(measurement)}
          rows={rowsInUnit(d.temperatures, measurement)}
          series={sensorSeries}
          timeZone={tz}
          testId="chart-temperature"
        />
        <SeriesChart
          title="Core–surface difference"
          unit={temperatureLabel(measurement)}
          rows={rowsInUnit(
            d.difference.map((x) => ({ t: x.t, diff: x.diff })),
            measurement,
            true,
          )}
          series={[{ name: "diff", label: "Core − surface" }]}
          timeZone={tz}
          referenceY={maxDiff === null ? [] : [{ y: maxDiff, label: "limit" }]}
          testId="chart-difference"
        />
        <SeriesChart
          title="In-place strength"
          unit="MPa"
          rows={d.strengths}
          series={inConcrete.map((s) => ({ name: s.imei, label: s.nickname }))}
          timeZone={tz}
          testId="chart-strength"
        />
        <SeriesChart
          title="Maturity"
          unit={MATURITY_UNIT}
          rows={d.strengths}
          series={inConcrete.map((s) => ({ name: `${s.imei}:m`, label: s.nickname }))}
          timeZone={tz}
          testId="chart-maturity"
        />
      </SimpleGrid>

      <PourSensors d={d} when={when} />
      <PourBreaches d={d} when={when} />
      <PourEvaporation d={d} when={when} />

      <Paper withBorder p="sm">
        <Title order={2} size="h4" mb="xs">
          Sign-off
        </Title>
        {p.signed_off ? (
          <Text size="sm" data-testid="pour-signed-off">
            Signed off by {p.signed_off.name} on {when(p.signed_off.at)}
            {p.signed_off.note ? `: ${p.signed_off.note}` : "."}
          </Text>
        ) : null}
        <RequiresPermission
          allowed={d.can.signoff}
          rule={CAN.manageConcrete}
          what="Signing off the pour report"
        >
          <Form method="post">
            <input type="hidden" name="intent" value="signoff" />
            <Group align="flex-end">
              <TextInput
                name="name"
                label="Your name"
                defaultValue={valueOf(reply, "name", "")}
                error={errorOf(reply, "name")}
              />
              <TextInput
                name="note"
                label="Note"
                defaultValue={valueOf(reply, "note", "")}
                error={errorOf(reply, "note")}
                w={{ base: "100%", sm: 360 }}
              />
              <Button type="submit" loading={busy}>
                {p.signed_off ? "Sign off again" : "Sign off the pour report"}
              </Button>
            </Group>
          </Form>
        </RequiresPermission>
      </Paper>
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
