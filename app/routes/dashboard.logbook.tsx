import { Alert, Anchor, Button, Group, Paper, Stack, Table, Text, Title } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { LogbookAddForm } from "~/modules/trips/components/logbook-add-form";
import { DeleteConfirmRow, PurposeEditRow } from "~/modules/trips/components/logbook-row-forms";
import { Pager } from "~/modules/trips/components/pager";
import { PurposeBadge } from "~/modules/trips/components/trip-table";
import { useMeasurement } from "~/modules/trips/components/use-measurement";
import { addDays, utcToZonedLocal } from "~/lib/zoned-days";
import { pageOf, withParams } from "~/modules/trips/trip-query";
import { vehicleChoices } from "~/modules/trips/vehicle-choices";
import { formatZoned } from "~/lib/zoned-time";
import { distanceLabel, formatDistance, formatOdometer } from "~/lib/units";
import { logbookQuery } from "~/modules/trips/logbook-route.server";
import { loadLogbook } from "~/modules/trips/logbook.server";
import { requireModule } from "~/services/guard.server";
import { logbookAction } from "~/modules/trips/logbook-actions.server";
import { LogbookFilters, LogbookSummaryView } from "~/modules/trips/components/logbook-header";
import { tripsContext } from "~/modules/trips/trips-route.server";
import { pageWaitMs, requireVehicle } from "~/modules/trips/trips.server";
import { CompanyDay } from "~/components/company-time";
import { useActionResult } from "~/lib/action-result";

export const meta: MetaFunction = () => [{ title: "Logbook · Tracksmith" }];

/** Rows per page: a year of trips (about 3,000) stays quick to render and to send. */
const PAGE_SIZE = 50;

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "trips");
  const { auth, vehicles, timeZone } = await tripsContext(ctx);
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
    : { entries: [], summary: null, drivers: [] as string[], stale: false, partial: false };
  // The summary covers the whole period; the table shows one page of it, newest first.
  const shown = pageOf([...book.entries].reverse(), params, PAGE_SIZE);
  return json({
    vehicles: vehicleChoices(vehicles, q.imei, params.get("vq")),
    vehicleName: vehicles.find((v) => v.imei === q.imei)?.nickname ?? "",
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
    partial: book.partial,
    entries: shown.items,
    page: shown.page,
    pages: shown.pages,
    total: shown.total,
    /** The forms the user may post (logbook_edit_all); the guard refuses the rest. */
    can: ctx.can,
  });
}

export async function action({ request }: ActionFunctionArgs) {
  return logbookAction(await requireModule(request, "trips"), request);
}

export default function LogbookPage() {
  const d = useLoaderData<typeof loader>();
  const result = useActionResult<typeof action>();
  // An unknown intent answers with a message rather than an error; both are shown the same way.
  const problem = result?.error ?? result?.message;
  const [params] = useSearchParams();
  const m = useMeasurement();
  const busy = useNavigation().state !== "idle";
  const edit = params.get("edit");
  const unit = distanceLabel(m);
  const odo = (km: number) => formatOdometer(km, m, 1);
  const s = d.summary;
  const exportQuery = withParams(params, { edit: null, notice: null, measurement: m });
  // The forms of a trip need logbook_edit_all: without it the column is left out.
  const canEdit = d.can.purpose || d.can.delete;
  const cols = canEdit ? 8 : 7;

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

      <LogbookFilters d={d} />

      {problem && result?.form !== "add" ? <Alert color="red">{problem}</Alert> : null}
      {d.range.clamped ? <Alert color="yellow">A logbook period is at most 400 days.</Alert> : null}
      {d.stale && !d.partial ? (
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
          {d.partial ? (
            <Alert
              color="orange"
              title="Part of this period is still missing"
              data-testid="logbook-partial"
            >
              The GPS service has sent {d.total} trip{d.total === 1 ? "" : "s"} of this period so
              far; the rest did not arrive in time. Totals and exports appear once every trip is in:
              reload in a minute.
            </Alert>
          ) : (
            <LogbookSummaryView s={s} exportQuery={exportQuery} timeZone={d.timeZone} />
          )}

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
                      {canEdit ? <Table.Th>Actions</Table.Th> : null}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {d.entries.map((e) => {
                      const editing =
                        d.can.purpose &&
                        (edit === e.id || (result?.form === "purpose" && result.editId === e.id));
                      const confirming = result?.confirmDelete === e.id;
                      return [
                        <Table.Tr key={e.id} data-entry-id={e.id}>
                          <Table.Td>{formatZoned(e.startMs, d.timeZone, "date")}</Table.Td>
                          <Table.Td>
                            {formatZoned(e.startMs, d.timeZone, "time")}–
                            {formatZoned(e.stopMs, d.timeZone, "time")}
                          </Table.Td>
                          <Table.Td>{odo(e.startOdometer)}</Table.Td>
                          <Table.Td>{odo(e.endOdometer)}</Table.Td>
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
                          {canEdit ? (
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
                          ) : null}
                        </Table.Tr>,
                        confirming ? (
                          <DeleteConfirmRow
                            key={`${e.id}-confirm`}
                            entry={e}
                            cols={cols}
                            timeZone={d.timeZone}
                            busy={busy}
                            cancelTo={withParams(params, { notice: null })}
                          />
                        ) : null,
                        editing ? (
                          <PurposeEditRow
                            key={`${e.id}-edit`}
                            entry={e}
                            cols={cols}
                            busy={busy}
                            cancelTo={withParams(params, { edit: null })}
                            errors={result?.fieldErrors}
                          />
                        ) : null,
                      ];
                    })}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
            <Pager page={d.page} pages={d.pages} total={d.total} label="trips" />
          </Paper>

          {d.can.add ? (
            <LogbookAddForm
              vehicleName={d.vehicleName}
              now={d.now}
              unit={unit}
              busy={busy}
              result={result}
            />
          ) : null}
        </>
      )}
      <Text size="xs" c="dimmed">
        Period <CompanyDay day={d.range.from} /> to <CompanyDay day={d.range.to} /> ·{" "}
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
