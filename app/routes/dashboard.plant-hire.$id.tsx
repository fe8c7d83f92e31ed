import { Alert, Anchor, Badge, Grid, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData, useNavigation } from "@remix-run/react";
import { ConfirmForm } from "~/components/confirm-form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { parseForm } from "~/lib/parse-form";
import { HireFormCard } from "~/modules/operations/components/hire-form";
import { HireSchema } from "~/modules/operations/hire-form";
import { STATE_LABELS, percent } from "~/modules/operations/hire-labels";
import { formatZoned } from "~/lib/zoned-time";
import {
  hireContractPage,
  removeHireContract,
  saveHireContract,
} from "~/modules/operations/plant-hire.server";
import { requireModule } from "~/services/guard.server";
import { switchIntent } from "~/services/intent.server";
import { redirectWithToast } from "~/services/toast.server";
import { useActionResult } from "~/lib/action-result";

export const meta: MetaFunction = () => [{ title: "Hire contract · Tracksmith" }];

const idOf = (raw: string | undefined) => {
  const id = Number(raw);
  if (!Number.isInteger(id) || id <= 0) throw new Response("Not found", { status: 404 });
  return id;
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "operations");
  return json(await hireContractPage(ctx, idOf(params.id)));
}

type ActionData = {
  result?: SubmissionResult<string[]>;
  message?: string | null;
  confirm?: boolean;
};

export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "operations");
  // An unknown intent is a 400 whatever the id: the id is read inside each intent.
  return switchIntent(await request.formData(), {
    update: async (form) => {
      const id = idOf(params.id);
      const submission = parseForm(form, HireSchema);
      if (submission.status !== "success")
        return json<ActionData>({ result: submission.reply(), message: null }, { status: 400 });
      const r = await saveHireContract(ctx, id, submission.value);
      if (!r.ok)
        return json<ActionData>(
          { result: submission.reply(), message: r.message },
          { status: 400 },
        );
      return redirectWithToast(`/dashboard/plant-hire/${id}`, {
        type: "success",
        description: "Hire contract saved.",
      });
    },
    delete: async (form) => {
      const id = idOf(params.id);
      if (form.get("confirm") !== "yes") {
        await hireContractPage(ctx, id); // a foreign id is a 404 before anything is asked
        return json<ActionData>({ confirm: true });
      }
      await removeHireContract(ctx, id);
      return redirectWithToast("/dashboard/plant-hire", {
        type: "success",
        description: "Hire contract deleted.",
      });
    },
  });
}

function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Paper withBorder p="sm">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="xl">
        {value}
      </Text>
      {hint ? (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      ) : null}
    </Paper>
  );
}

/** One hire contract: utilisation, idle time, charge so far, the overstay warning, and its terms. */
export default function HireContractPage() {
  const {
    contract: c,
    suppliers,
    assets,
    sites,
    canManage,
    timeZone,
  } = useLoaderData<typeof loader>();
  const ev = c.evidence;
  const at = (t: string | null, none: string) => (t ? formatZoned(t, timeZone, "full") : none);
  const act = useActionResult<typeof action>();
  const busy = useNavigation().state !== "idle";
  const u = c.utilisation;
  const state = STATE_LABELS[c.state];
  return (
    <Stack gap="md" maw={1300}>
      <Anchor component={Link} to="/dashboard/plant-hire" size="sm">
        All hire contracts
      </Anchor>
      <div>
        <Title order={1} size="h2">
          {c.asset}{" "}
          <Badge variant="light" color={state.color}>
            {state.label}
          </Badge>
        </Title>
        <Text c="dimmed" size="sm">
          {c.direction === "in"
            ? `Hired in from ${c.supplier ?? "?"}`
            : `Hired out to ${c.customer}`}
          , {c.on_hire} to {c.off_hire}, {c.rate.toFixed(2)} per {c.rate_unit}
        </Text>
      </div>
      {c.state === "ending-soon" || c.state === "overdue" ? (
        <Alert color={c.state === "overdue" ? "red" : "orange"} role="alert" data-testid="overstay">
          {c.state === "overdue"
            ? `The off-hire date ${c.off_hire} has passed and the machine is still working${ev.fenced ? " on site" : ""}.`
            : `The off-hire date is ${c.off_hire}: return or extend the hire before then.`}
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 2, md: 4 }} data-testid="utilisation">
        <Figure
          label="Utilisation (hours)"
          value={percent(u.hours_ratio)}
          hint={`${u.hours_used} h used of ${u.hours_available} h available (${u.hours_source === "engine" ? "engine hours" : "ignition time"})`}
        />
        <Figure
          label="Days on site"
          value={percent(u.days_ratio)}
          hint={`${u.days_on_site} of ${u.days_hired} days hired so far (${c.days.total} in all)`}
        />
        <Figure
          label="Idle time"
          value={`${u.idle_hours} h`}
          hint={`${percent(u.idle_ratio)} of ignition time`}
        />
        <Figure
          label="Charge so far"
          value={c.charge.toFixed(2)}
          hint={`Minimum ${c.minimum_charge.toFixed(2)}`}
        />
      </SimpleGrid>
      <Paper withBorder p="md" data-testid="evidence">
        <Title order={2} size="h4" mb="xs">
          On-hire and off-hire evidence
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          <Text size="sm">
            Site: {ev.site ?? "none chosen (choose one to see arrival and departure)"}
          </Text>
          <Text size="sm">Trips since on-hire: {ev.trips}</Text>
          {ev.fenced ? (
            <>
              <Text size="sm">Arrived on site: {at(ev.arrived_at, "not seen on site yet")}</Text>
              <Text size="sm">
                Left site:{" "}
                {ev.departed_at
                  ? at(ev.departed_at, "")
                  : ev.on_site
                    ? "still on site"
                    : "not seen leaving"}
              </Text>
            </>
          ) : null}
          <Text size="sm">Engine hours first changed: {at(ev.hours_first_at, "not yet")}</Text>
          <Text size="sm">Engine hours last changed: {at(ev.hours_last_at, "not yet")}</Text>
        </SimpleGrid>
        <Text size="xs" c="dimmed" mt="xs">
          Times in {timeZone}. The engine hours change while the machine runs (its trips).
        </Text>
      </Paper>
      {canManage ? (
        <Grid>
          <Grid.Col span={{ base: 12, lg: 6 }}>
            <HireFormCard
              editing={c}
              suppliers={suppliers}
              assets={assets}
              sites={sites}
              result={act}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 6 }}>
            <ConfirmForm
              fields={{ intent: "delete" }}
              confirming={act?.confirm === true}
              label="Delete contract"
              question="Delete this hire contract?"
              confirmLabel="Yes, delete"
              busy={busy}
              variant="light"
              size="sm"
            />
          </Grid.Col>
        </Grid>
      ) : null}
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
