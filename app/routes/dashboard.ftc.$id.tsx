import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { Fragment } from "react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { parseForm } from "~/lib/parse-form";
import { formatZoned } from "~/lib/zoned-time";
import { SensorChart } from "~/modules/environment/components/sensor-chart";
import { loadPage, signOff } from "~/modules/environment/ftc.server";
import { SignOffSchema } from "~/modules/environment/limit-form";
import { formatMinutes } from "~/modules/environment/units";
import { requireModule } from "~/services/guard.server";
import { measurementOf } from "~/services/measurement.server";
import { switchIntent } from "~/services/intent.server";
import { redirectWithToast } from "~/services/toast.server";
import { Field } from "~/components/forms/field";
import { useActionResult } from "~/lib/action-result";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.load.reference ?? "Load"} · FTC · Tracksmith` },
];

const idOf = (raw: string | undefined) => {
  const id = Number(raw);
  if (!Number.isInteger(id) || id <= 0) throw new Response("Not found", { status: 404 });
  return id;
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "environment");
  return json(await loadPage(ctx, idOf(params.id), measurementOf(request)));
}

type ActionData = { result?: SubmissionResult<string[]>; message?: string | null };

export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "environment");
  return switchIntent(await request.formData(), {
    signoff: async (form) => {
      const id = idOf(params.id);
      const submission = parseForm(form, SignOffSchema);
      if (submission.status !== "success")
        return json<ActionData>({ result: submission.reply(), message: null }, { status: 400 });
      const r = await signOff(ctx, id, submission.value);
      if (!r.ok)
        return json<ActionData>(
          { result: submission.reply(), message: r.message },
          { status: 409 },
        );
      return redirectWithToast(`/dashboard/ftc/${id}`, {
        type: "success",
        description: `Load ${r.load.reference} signed off by ${r.load.signoff?.name}.`,
      });
    },
  });
}

function SignOffForm({ result, signer }: { result?: ActionData; signer: string }) {
  const busy = useNavigation().state === "submitting";
  const [form, f] = useForm({
    id: "signoff",
    lastResult: result?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SignOffSchema }),
    shouldValidate: "onSubmit",
  });
  return (
    <Form method="post" {...getFormProps(form)} data-testid="signoff-form">
      <input type="hidden" name="intent" value="signoff" />
      <Stack gap="sm">
        {result?.message ? (
          <Alert color="red" role="alert">
            {result.message}
          </Alert>
        ) : null}
        <Field errors={f.name}>
          <TextInput
            {...getInputProps(f.name, { type: "text" })}
            key={f.name.key}
            label="Signed off by"
            defaultValue={(f.name.initialValue as string | undefined) ?? signer}
          />
        </Field>
        <Field errors={f.note}>
          <TextInput
            {...getInputProps(f.note, { type: "text" })}
            key={f.note.key}
            label="Note"
            defaultValue={(f.note.initialValue as string | undefined) ?? ""}
          />
        </Field>
        <Group>
          <Button type="submit" loading={busy}>
            Sign off load
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}

/** One load: its trace, excursions per tier, time out of range, MKT, verdict and sign-off. */
export default function FtcLoad() {
  const d = useLoaderData<typeof loader>();
  const act = useActionResult<typeof action>();
  const v = d.verdict;
  const first = v.tiers[0];
  const z = (t: number) => formatZoned(t, d.timeZone);
  return (
    <Stack gap="md" maw={1300}>
      <div>
        <Anchor component={Link} to="/dashboard/ftc" size="sm">
          ← Freight temperature control
        </Anchor>
        <Group gap="sm" align="center">
          <Title order={1} size="h2">
            {d.load.reference}: {d.load.product}
          </Title>
          <Badge color={v.pass ? "teal" : "red"} size="lg" variant="light" data-testid="verdict">
            {v.pass ? (d.inTransit ? "Passing so far" : "Pass") : "Fail"}
          </Badge>
        </Group>
        <Text c="dimmed" size="sm">
          {d.profile.name} · {d.device?.nickname ?? d.load.imei} · {z(Date.parse(d.load.start))} to{" "}
          {d.load.end === null ? "in transit" : z(Date.parse(d.load.end))} ({d.timeZone})
        </Text>
      </div>
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        <Paper withBorder p="sm">
          <Text size="xs" c="dimmed">
            Time out of range ({first?.label})
          </Text>
          <Text fw={600} data-testid="out-of-range">
            {formatMinutes(v.outMs)}
          </Text>
        </Paper>
        <Paper withBorder p="sm">
          <Text size="xs" c="dimmed">
            Mean kinetic temperature
          </Text>
          <Text fw={600} data-testid="mkt">
            {v.mkt === null ? "—" : `${v.mkt.toFixed(2)} ${d.unit}`}
          </Text>
        </Paper>
        <Paper withBorder p="sm">
          <Text size="xs" c="dimmed">
            Readings
          </Text>
          <Text fw={600}>{v.samples}</Text>
        </Paper>
        <Paper withBorder p="sm">
          <Text size="xs" c="dimmed">
            Data gaps
          </Text>
          <Text fw={600}>
            {v.gaps.length} ({formatMinutes(v.gapMs)})
          </Text>
        </Paper>
      </SimpleGrid>
      <Paper withBorder p="sm">
        <SensorChart
          t={d.chart.t}
          v={d.chart.v}
          band={first ? { min: first.min, max: first.max } : null}
          excursions={v.tiers.flatMap((t) =>
            t.excursions.map((e) => ({ from: e.start, to: e.end })),
          )}
          gaps={v.gaps}
          unit={d.unit}
          timeZone={d.timeZone}
          label={`Temperature of load ${d.load.reference}: ${d.chart.t.length} points, ${v.gaps.length} gaps`}
          testId="load-chart"
        />
      </Paper>
      <Table.ScrollContainer minWidth={760}>
        <Table data-testid="tiers">
          <Table.Caption>
            Tiered limits and their excursions (suppressed time not counted)
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Tier</Table.Th>
              <Table.Th>Excursion</Table.Th>
              <Table.Th>Start</Table.Th>
              <Table.Th>End</Table.Th>
              <Table.Th>Counted</Table.Th>
              <Table.Th>Suppressed</Table.Th>
              <Table.Th>Peak</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {v.tiers.map((t) => (
              <Fragment key={t.label}>
                <Table.Tr>
                  <Table.Td colSpan={7}>
                    <Text size="sm" fw={600}>
                      {t.label}: {formatMinutes(t.outMs)} of {formatMinutes(t.allowanceMs)} allowed
                      · {t.pass ? "pass" : "FAIL"}
                    </Text>
                  </Table.Td>
                </Table.Tr>
                {t.excursions.map((e) => (
                  <Table.Tr key={`${t.label}${e.start}`}>
                    <Table.Td>{t.label}</Table.Td>
                    <Table.Td>{e.side === "high" ? "Above" : "Below"}</Table.Td>
                    <Table.Td>{z(e.start)}</Table.Td>
                    <Table.Td>
                      {z(e.end)}
                      {e.openEnded ? " (open)" : ""}
                    </Table.Td>
                    <Table.Td>{formatMinutes(e.countedMs)}</Table.Td>
                    <Table.Td>{formatMinutes(e.suppressedMs)}</Table.Td>
                    <Table.Td>
                      {e.peak.v.toFixed(2)} {d.unit}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Fragment>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Paper withBorder p="md">
        <Title order={2} size="h4" mb="sm">
          Shipment report
        </Title>
        <Stack gap="sm">
          <Anchor
            href={`/dashboard/ftc/${d.load.id}/report${d.measurement === "imperial" ? "?measurement=imperial" : ""}`}
            data-testid="shipment-pdf"
          >
            Download the shipment report (PDF)
          </Anchor>
          {d.load.signoff ? (
            <Text size="sm" data-testid="signed">
              Signed off by {d.load.signoff.name} on {z(Date.parse(d.load.signoff.at))}
              {d.load.signoff.note ? `: ${d.load.signoff.note}` : "."}
            </Text>
          ) : d.inTransit ? (
            <Text size="sm">The load is in transit: it can be signed off once it has ended.</Text>
          ) : d.canSignOff ? (
            <SignOffForm result={act} signer={d.signer} />
          ) : (
            <Text size="sm">Not signed off yet.</Text>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
