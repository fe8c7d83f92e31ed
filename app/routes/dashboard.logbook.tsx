import {
  Alert,
  Anchor,
  Button,
  Group,
  NativeSelect,
  Paper,
  Radio,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import {
  Form,
  Link,
  useActionData,
  useLoaderData,
  useNavigation,
  useSearchParams,
} from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Pager } from "~/modules/trips/components/pager";
import {
  DateRangeInputs,
  FilterForm,
  VehicleSelect,
} from "~/modules/trips/components/trip-filters";
import { PurposeBadge } from "~/modules/trips/components/trip-table";
import { useMeasurement } from "~/modules/trips/components/use-measurement";
import { addDays, utcToZonedLocal } from "~/modules/trips/zoned-days";
import { pageOf, withParams } from "~/modules/trips/trip-query";
import { formatZoned } from "~/lib/zoned-time";
import { distanceLabel, formatDistance, toDistanceUnit } from "~/lib/units";
import { logError } from "~/services/log.server";
import {
  AddSchema,
  DeleteSchema,
  logbookQuery,
  newTripFrom,
  PurposeSchema,
  type AddFields,
} from "~/modules/trips/logbook-route.server";
import {
  addLogbookTrip,
  changeTripPurpose,
  deleteLogbookTrip,
  loadLogbook,
} from "~/modules/trips/logbook.server";
import { requireModule } from "~/services/guard.server";
import { measurementOf, tripsContext } from "~/modules/trips/trips-route.server";
import { pageWaitMs, requireVehicle } from "~/modules/trips/trips.server";
import { requireTrip } from "~/modules/trips/trip-cache.server";
import { isUpstreamError, messageFromBody } from "~/services/upstream/errors";

export const meta: MetaFunction = () => [{ title: "Logbook · Tracksmith" }];

/** Rows per page: a year of trips (about 3,000) stays quick to render and to send. */
const PAGE_SIZE = 50;

const NOTICES: Record<string, string> = {
  purpose: "Purpose changed.",
  deleted: "Trip deleted.",
  added: "Trip added to the logbook.",
};

export async function loader({ request }: LoaderFunctionArgs) {
  const { auth, vehicles, timeZone } = await tripsContext(await requireModule(request, "trips"));
  const params = new URL(request.url).searchParams;
  const q = logbookQuery(params, timeZone, vehicles[0]?.imei ?? null);
  if (q.imei) requireVehicle(vehicles, q.imei);
  const book = q.imei
    ? await loadLogbook(
        auth,
        q.imei,
        { from: q.from, to: q.to, purpose: q.purpose, driver: q.driver },
        { waitMs: pageWaitMs() },
      )
    : { entries: [], summary: null, drivers: [] as string[], stale: false };
  // The summary covers the whole period; the table shows one page of it, newest first.
  const shown = pageOf([...book.entries].reverse(), params, PAGE_SIZE);
  return json({
    vehicles: vehicles.map(({ imei, nickname }) => ({ imei, nickname })),
    imei: q.imei,
    range: q.range,
    fromIso: new Date(q.from).toISOString(),
    toIso: new Date(q.to).toISOString(),
    purpose: q.purpose,
    driver: q.driver,
    timeZone,
    now: utcToZonedLocal(Date.now(), timeZone),
    summary: book.summary,
    drivers: book.drivers,
    stale: book.stale,
    entries: shown.items,
    page: shown.page,
    pages: shown.pages,
    total: shown.total,
  });
}

type ActionResult = {
  error?: string;
  confirmDelete?: string;
  fields?: AddFields;
  fieldErrors?: Partial<Record<keyof AddFields | "id" | "purpose" | "description", string>>;
  form?: "add" | "purpose";
  editId?: string;
};

function firstErrors(issues: { path: (string | number)[]; message: string }[]) {
  const out: Record<string, string> = {};
  for (const i of issues) {
    const k = String(i.path[0] ?? "form");
    out[k] ??= i.message;
  }
  return out;
}

export async function action({ request }: ActionFunctionArgs) {
  const { auth, vehicles, timeZone } = await tripsContext(await requireModule(request, "trips"));
  const url = new URL(request.url);
  const params = url.searchParams;
  const form = Object.fromEntries(await request.formData()) as Record<string, string>;
  const back = (notice: string) =>
    redirect(`${url.pathname}${withParams(params, { edit: null, notice })}`);
  const q = logbookQuery(params, timeZone, vehicles[0]?.imei ?? null);
  try {
    if (form.intent === "purpose") {
      const p = PurposeSchema.safeParse(form);
      if (!p.success)
        return json<ActionResult>(
          { form: "purpose", editId: form.id, fieldErrors: firstErrors(p.error.issues) },
          { status: 400 },
        );
      await changeTripPurpose(auth, p.data.id, p.data.purpose, p.data.description);
      return back("purpose");
    }
    if (form.intent === "delete") {
      const p = DeleteSchema.safeParse(form);
      if (!p.success)
        return json<ActionResult>({ error: "Pick a trip to delete." }, { status: 400 });
      // A delete needs a second, explicit step (works without JavaScript).
      if (!p.data.confirm) {
        // Another company's trip is a 404 already when the confirmation is asked for.
        await requireTrip(auth, p.data.id);
        return json<ActionResult>({ confirmDelete: p.data.id });
      }
      await deleteLogbookTrip(auth, p.data.id);
      return back("deleted");
    }
    if (form.intent === "add") {
      if (!q.imei) return json<ActionResult>({ error: "Pick a vehicle first." }, { status: 400 });
      requireVehicle(vehicles, q.imei);
      const fields: AddFields = Object.fromEntries(
        [
          "logstart",
          "logstop",
          "purpose",
          "description",
          "driver",
          "start_odometer",
          "end_odometer",
        ].map((k) => [k, form[k] ?? ""]),
      );
      const p = AddSchema.safeParse(form);
      if (!p.success)
        return json<ActionResult>(
          { form: "add", fields, fieldErrors: firstErrors(p.error.issues) },
          { status: 400 },
        );
      const trip = newTripFrom(p.data, q.imei, timeZone, measurementOf(request));
      if (Date.parse(trip.logstop) > Date.now())
        return json<ActionResult>(
          { form: "add", fields, fieldErrors: { logstop: "A trip cannot end in the future" } },
          { status: 400 },
        );
      const day = 86_400_000;
      const near = await loadLogbook(auth, q.imei, {
        from: Date.parse(trip.logstart) - day,
        to: Date.parse(trip.logstart) + day,
      });
      const result = await addLogbookTrip(auth, trip, near.entries);
      if (!result.saved) return json<ActionResult>({ form: "add", fields, error: result.message });
      return back("added");
    }
    return json<ActionResult>({ error: "Unknown action." }, { status: 400 });
  } catch (e) {
    if (e instanceof Response) throw e;
    logError("logbook", e);
    const message = isUpstreamError(e)
      ? e.kind === "http"
        ? messageFromBody(e.body)
        : "The GPS service did not answer. Try again."
      : "Something went wrong";
    return json<ActionResult>(
      {
        error: message,
        form: form.intent === "add" ? "add" : undefined,
        fields: form.intent === "add" ? (form as AddFields) : undefined,
      },
      { status: 502 },
    );
  }
}

function Stat({
  label,
  value,
  testId,
  raw,
}: {
  label: string;
  value: string;
  testId: string;
  raw: number;
}) {
  return (
    <Paper withBorder p="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="xl" fw={700} data-testid={testId} data-value={raw}>
        {value}
      </Text>
    </Paper>
  );
}

export default function LogbookPage() {
  const d = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as ActionResult | undefined;
  const [params] = useSearchParams();
  const m = useMeasurement();
  const busy = useNavigation().state !== "idle";
  const notice = NOTICES[params.get("notice") ?? ""];
  const edit = params.get("edit");
  const unit = distanceLabel(m);
  const odo = (km: number) => toDistanceUnit(km, m).toFixed(1);
  const s = d.summary;
  const exportQuery = withParams(params, { edit: null, notice: null, measurement: m });
  const vehicle = d.vehicles.find((v) => v.imei === d.imei);
  const cols = 8;

  return (
    <Stack gap="md" data-from={d.fromIso} data-to={d.toIso} data-testid="logbook">
      <div>
        <Title order={1} size="h2">
          Logbook
        </Title>
        <Text c="dimmed" size="sm">
          Business and private trips of a vehicle, with business versus total distance. Times in{" "}
          {d.timeZone}.
        </Text>
      </div>

      <FilterForm submit="Show logbook">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }}>
          <VehicleSelect vehicles={d.vehicles} value={d.imei} />
          <DateRangeInputs from={d.range.from} to={d.range.to} max={d.range.today} />
          <NativeSelect
            name="purpose"
            label="Purpose"
            defaultValue={d.purpose}
            data={[
              { value: "all", label: "All purposes" },
              { value: "business", label: "Business" },
              { value: "private", label: "Private" },
            ]}
          />
          <NativeSelect
            name="driver"
            label="Driver"
            defaultValue={d.driver ?? ""}
            data={[
              { value: "", label: "All drivers" },
              ...d.drivers.map((x) => ({ value: x, label: x })),
            ]}
          />
        </SimpleGrid>
      </FilterForm>

      {notice ? (
        <Alert color="green" data-testid="notice">
          {notice}
        </Alert>
      ) : null}
      {result?.error && result.form !== "add" ? <Alert color="red">{result.error}</Alert> : null}
      {d.range.clamped ? <Alert color="yellow">A logbook period is at most 400 days.</Alert> : null}
      {d.stale ? (
        <Alert color="orange" title="Showing saved entries">
          The GPS service did not answer, so this is the logbook as saved earlier.
        </Alert>
      ) : null}

      {!d.imei || !s ? (
        <Paper withBorder p="lg">
          <Text>No vehicles that record trips.</Text>
        </Paper>
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Stat
              label="Business distance"
              value={formatDistance(s.businessKmsTravelled, m)}
              testId="summary-business"
              raw={s.businessKmsTravelled}
            />
            <Stat
              label="Total distance"
              value={formatDistance(s.totalKmsTravelled, m)}
              testId="summary-total"
              raw={s.totalKmsTravelled}
            />
            <Stat
              label="Business use"
              value={`${s.businessPercent.toFixed(1)}%`}
              testId="summary-percent"
              raw={s.businessPercent}
            />
          </SimpleGrid>
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {s.trips} trip{s.trips === 1 ? "" : "s"} · odometer{" "}
              {s.startOdometer === null ? "—" : `${odo(s.startOdometer)} ${unit}`} to{" "}
              {s.endOdometer === null ? "—" : `${odo(s.endOdometer)} ${unit}`}
            </Text>
            <Group gap="xs">
              <Button
                component="a"
                href={`/dashboard/logbook/export/csv${exportQuery}`}
                variant="light"
                size="xs"
                download
              >
                Export CSV
              </Button>
              <Button
                component="a"
                href={`/dashboard/logbook/export/pdf${exportQuery}`}
                variant="light"
                size="xs"
                download
              >
                Export PDF
              </Button>
            </Group>
          </Group>
          {s.issues.length ? (
            <Alert color="yellow" title="Odometer readings to check">
              {s.issues.length} reading{s.issues.length === 1 ? "" : "s"} went down (
              {s.issues.some((i) => i.kind === "rollover") ? "a meter rollover or " : ""}a bad
              reading). Those drops are left out of the totals.
            </Alert>
          ) : null}

          <Paper withBorder>
            {d.entries.length === 0 ? (
              <Text p="lg" c="dimmed">
                No trips in this period
                {d.purpose !== "all" || d.driver ? " with these filters" : ""}.
              </Text>
            ) : (
              <Table.ScrollContainer minWidth={900}>
                <Table striped data-testid="logbook-table">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Date</Table.Th>
                      <Table.Th>Time</Table.Th>
                      <Table.Th>Start odometer</Table.Th>
                      <Table.Th>End odometer</Table.Th>
                      <Table.Th>Distance</Table.Th>
                      <Table.Th>Purpose</Table.Th>
                      <Table.Th>Driver</Table.Th>
                      <Table.Th>Actions</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {d.entries.map((e) => {
                      const editing =
                        edit === e.id || (result?.form === "purpose" && result.editId === e.id);
                      const confirming = result?.confirmDelete === e.id;
                      return [
                        <Table.Tr key={e.id} data-entry-id={e.id}>
                          <Table.Td>{formatZoned(e.startMs, d.timeZone, "date")}</Table.Td>
                          <Table.Td>
                            {formatZoned(e.startMs, d.timeZone, "time")}–
                            {formatZoned(e.stopMs, d.timeZone, "time")}
                          </Table.Td>
                          <Table.Td>
                            {odo(e.startOdometer)} {unit}
                          </Table.Td>
                          <Table.Td>
                            {odo(e.endOdometer)} {unit}
                          </Table.Td>
                          <Table.Td>{formatDistance(e.km, m)}</Table.Td>
                          <Table.Td>
                            <Group gap={6} wrap="nowrap">
                              <PurposeBadge purpose={e.purpose} />
                              <Text size="sm" data-testid="entry-description">
                                {e.description}
                              </Text>
                            </Group>
                          </Table.Td>
                          <Table.Td>{e.driver ?? "—"}</Table.Td>
                          <Table.Td>
                            <Group gap="xs" wrap="nowrap">
                              <Anchor
                                component={Link}
                                to={withParams(params, { edit: e.id, notice: null })}
                                size="sm"
                                preventScrollReset
                                style={{ whiteSpace: "nowrap" }}
                              >
                                Edit purpose
                              </Anchor>
                              <Form method="post" preventScrollReset>
                                <input type="hidden" name="intent" value="delete" />
                                <input type="hidden" name="id" value={e.id} />
                                <Button
                                  type="submit"
                                  size="compact-xs"
                                  variant="subtle"
                                  color="red"
                                >
                                  Delete
                                </Button>
                              </Form>
                            </Group>
                          </Table.Td>
                        </Table.Tr>,
                        confirming ? (
                          <Table.Tr key={`${e.id}-confirm`}>
                            <Table.Td colSpan={cols}>
                              <Form method="post" preventScrollReset>
                                <input type="hidden" name="intent" value="delete" />
                                <input type="hidden" name="id" value={e.id} />
                                <Group gap="sm">
                                  <Text size="sm" fw={500}>
                                    Delete the trip of {formatZoned(e.startMs, d.timeZone)}? This
                                    cannot be undone.
                                  </Text>
                                  <Button
                                    type="submit"
                                    name="confirm"
                                    value="yes"
                                    color="red"
                                    size="xs"
                                    loading={busy}
                                  >
                                    Yes, delete
                                  </Button>
                                  <Anchor
                                    component={Link}
                                    to={withParams(params, { notice: null })}
                                    size="sm"
                                  >
                                    Cancel
                                  </Anchor>
                                </Group>
                              </Form>
                            </Table.Td>
                          </Table.Tr>
                        ) : null,
                        editing ? (
                          <Table.Tr key={`${e.id}-edit`}>
                            <Table.Td colSpan={cols}>
                              <Form method="post" preventScrollReset aria-label="Change purpose">
                                <input type="hidden" name="intent" value="purpose" />
                                <input type="hidden" name="id" value={e.id} />
                                <Group align="end" gap="md">
                                  <Radio.Group
                                    name="purpose"
                                    label="Purpose"
                                    defaultValue={e.purpose}
                                    error={result?.fieldErrors?.purpose}
                                  >
                                    <Group gap="sm" mt={4}>
                                      <Radio value="business" label="Business" />
                                      <Radio value="private" label="Private" />
                                    </Group>
                                  </Radio.Group>
                                  <TextInput
                                    name="description"
                                    label="Description"
                                    defaultValue={e.description}
                                    maxLength={200}
                                    error={result?.fieldErrors?.description}
                                    style={{ flex: 1 }}
                                  />
                                  <Button type="submit" loading={busy}>
                                    Save purpose
                                  </Button>
                                  <Anchor
                                    component={Link}
                                    to={withParams(params, { edit: null })}
                                    size="sm"
                                  >
                                    Cancel
                                  </Anchor>
                                </Group>
                              </Form>
                            </Table.Td>
                          </Table.Tr>
                        ) : null,
                      ];
                    })}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
            <Pager page={d.page} pages={d.pages} total={d.total} label="trips" />
          </Paper>

          <Paper withBorder p="md">
            <Title order={2} size="h4" mb="xs">
              Add a trip by hand
            </Title>
            <Text size="sm" c="dimmed" mb="sm">
              For {vehicle?.nickname}. A trip with the same start and end time as one already in the
              logbook is not saved twice.
            </Text>
            {result?.form === "add" && result.error ? (
              <Alert color="orange" mb="sm" data-testid="add-error">
                {result.error}
              </Alert>
            ) : null}
            <Form method="post" aria-label="Add a trip">
              <input type="hidden" name="intent" value="add" />
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
                <TextInput
                  type="datetime-local"
                  name="logstart"
                  label="Start"
                  required
                  max={d.now}
                  defaultValue={result?.fields?.logstart ?? ""}
                  error={result?.fieldErrors?.logstart}
                />
                <TextInput
                  type="datetime-local"
                  name="logstop"
                  label="End"
                  required
                  max={d.now}
                  defaultValue={result?.fields?.logstop ?? ""}
                  error={result?.fieldErrors?.logstop}
                />
                <NativeSelect
                  name="purpose"
                  label="Purpose"
                  defaultValue={result?.fields?.purpose ?? "business"}
                  data={[
                    { value: "business", label: "Business" },
                    { value: "private", label: "Private" },
                  ]}
                  error={result?.fieldErrors?.purpose}
                />
                <TextInput
                  name="description"
                  label="Description"
                  required
                  maxLength={200}
                  defaultValue={result?.fields?.description ?? ""}
                  error={result?.fieldErrors?.description}
                />
                <TextInput
                  name="driver"
                  label="Driver"
                  defaultValue={result?.fields?.driver ?? ""}
                  error={result?.fieldErrors?.driver}
                />
                <TextInput
                  name="start_odometer"
                  label={`Start odometer (${unit})`}
                  inputMode="decimal"
                  defaultValue={result?.fields?.start_odometer ?? ""}
                  error={result?.fieldErrors?.start_odometer}
                />
                <TextInput
                  name="end_odometer"
                  label={`End odometer (${unit})`}
                  inputMode="decimal"
                  defaultValue={result?.fields?.end_odometer ?? ""}
                  error={result?.fieldErrors?.end_odometer}
                />
              </SimpleGrid>
              <Button type="submit" mt="sm" loading={busy}>
                Add trip
              </Button>
            </Form>
          </Paper>
        </>
      )}
      <Text size="xs" c="dimmed">
        Period {d.range.from} to {d.range.to} ·{" "}
        <Anchor
          component={Link}
          to={withParams(params, { from: addDays(d.range.today, -89), to: d.range.today })}
        >
          last 90 days
        </Anchor>
      </Text>
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
