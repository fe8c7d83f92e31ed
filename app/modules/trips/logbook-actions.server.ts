import { json } from "@remix-run/node";
import {
  AddSchema,
  DeleteSchema,
  logbookQuery,
  newTripFrom,
  PurposeSchema,
  type AddFields,
} from "./logbook-route.server";
import {
  addLogbookTrip,
  changeTripPurpose,
  deleteLogbookTrip,
  loadLogbook,
} from "./logbook.server";
import { odometerFitErrors } from "./odometer-fit";
import { withParams } from "./trip-query";
import { measurementOf } from "~/services/measurement.server";
import { tripsContext } from "./trips-route.server";
import { requireVehicle } from "./trips.server";
import { requireTrip } from "./trip-cache.server";
import type { ModuleContext } from "~/services/guard.server";
import { switchIntent } from "~/services/intent.server";
import { logError } from "~/services/log.server";
import { redirectWithToast } from "~/services/toast.server";
import { isUpstreamError, messageFromBody } from "~/services/upstream/errors";

export type LogbookActionResult = {
  error?: string;
  confirmDelete?: string;
  fields?: AddFields;
  fieldErrors?: Partial<Record<keyof AddFields | "id" | "purpose" | "description", string>>;
  form?: "add" | "purpose";
  editId?: string;
};

/** One message per field (the first), as the add and purpose forms show them. */
function firstErrors(issues: { path: (string | number)[]; message: string }[]) {
  const out: Record<string, string> = {};
  for (const i of issues) out[String(i.path[0] ?? "form")] ??= i.message;
  return out;
}

/**
 * The logbook page's forms (purpose, delete, add): one intent each. What was done comes back as a
 * toast on the same filtered page; field messages come back with what was typed.
 */
export async function logbookAction(ctx: ModuleContext, request: Request) {
  const { auth, vehicles, timeZone } = await tripsContext(ctx);
  const url = new URL(request.url);
  const params = url.searchParams;
  const posted = await request.formData();
  const form = Object.fromEntries(posted) as Record<string, string>;
  const back = (description: string) =>
    redirectWithToast(`${url.pathname}${withParams(params, { edit: null, notice: null })}`, {
      type: "success",
      description,
    });
  const q = logbookQuery(params, timeZone, vehicles[0]?.imei ?? null);
  try {
    return await switchIntent(posted, {
      purpose: async () => {
        const p = PurposeSchema.safeParse(form);
        if (!p.success)
          return json<LogbookActionResult>(
            { form: "purpose", editId: form.id, fieldErrors: firstErrors(p.error.issues) },
            { status: 400 },
          );
        await changeTripPurpose(auth, p.data.id, p.data.purpose, p.data.description);
        return back("Purpose changed.");
      },
      delete: async () => {
        const p = DeleteSchema.safeParse(form);
        if (!p.success)
          return json<LogbookActionResult>({ error: "Pick a trip to delete." }, { status: 400 });
        // A delete needs a second, explicit step (works without JavaScript).
        if (!p.data.confirm) {
          // Another company's trip is a 404 already when the confirmation is asked for.
          await requireTrip(auth, p.data.id);
          return json<LogbookActionResult>({ confirmDelete: p.data.id });
        }
        await deleteLogbookTrip(auth, p.data.id);
        return back("Trip deleted.");
      },
      add: async () => {
        if (!q.imei)
          return json<LogbookActionResult>({ error: "Pick a vehicle first." }, { status: 400 });
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
          return json<LogbookActionResult>(
            { form: "add", fields, fieldErrors: firstErrors(p.error.issues) },
            { status: 400 },
          );
        const measurement = measurementOf(request);
        const trip = newTripFrom(p.data, q.imei, timeZone, measurement);
        if (Date.parse(trip.logstop) > Date.now())
          return json<LogbookActionResult>(
            { form: "add", fields, fieldErrors: { logstop: "A trip cannot end in the future" } },
            { status: 400 },
          );
        // A week either side: the readings the typed ones must fit between, and any duplicate.
        const week = 7 * 86_400_000;
        const near = await loadLogbook(auth, q.imei, {
          from: Date.parse(trip.logstart) - week,
          to: Math.min(Date.now(), Date.parse(trip.logstop) + week),
        });
        const odometerErrors = odometerFitErrors(near.entries, trip, { measurement, timeZone });
        if (Object.keys(odometerErrors).length)
          return json<LogbookActionResult>(
            { form: "add", fields, fieldErrors: odometerErrors },
            { status: 400 },
          );
        const result = await addLogbookTrip(auth, trip, near.entries);
        if (!result.saved)
          return json<LogbookActionResult>({ form: "add", fields, error: result.message });
        return back("Trip added to the logbook.");
      },
    });
  } catch (e) {
    if (e instanceof Response) throw e;
    logError("logbook", e);
    const message = isUpstreamError(e)
      ? e.kind === "http"
        ? messageFromBody(e.body)
        : "The GPS service did not answer. Try again."
      : "Something went wrong";
    return json<LogbookActionResult>(
      {
        error: message,
        form: form.intent === "add" ? "add" : undefined,
        fields: form.intent === "add" ? (form as AddFields) : undefined,
      },
      { status: 502 },
    );
  }
}
