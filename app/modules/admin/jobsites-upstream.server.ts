/**
 * Jobsite calls for the admin pages (designed; server/sim/api-jobsites.ts): one jobsite with its
 * contacts, add and edit. The fleet map reads the same `GET /jobsites/` list (its own client).
 */
import { z } from "zod";
import type { Upstream } from "~/services/upstream/client.server";
import { getStream, postStream } from "~/services/upstream/streams.server";

const latLng = z.object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) });
export const geofenceSchema = z.discriminatedUnion("type", [
  latLng.extend({ type: z.literal("circle"), radius_meters: z.number().positive() }),
  z.object({ type: z.literal("polygon"), points: z.array(latLng).min(3) }),
]);
export type Geofence = z.infer<typeof geofenceSchema>;

const contactSchema = z
  .object({ name: z.string(), phone: z.string().nullable(), email: z.string().nullable() })
  .nullable();
export type Contact = z.infer<typeof contactSchema>;

export const adminJobsiteSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string(),
  active: z.boolean(),
  geofence: geofenceSchema,
  primary_contact: contactSchema,
  secondary_contact: contactSchema,
});
export type AdminJobsite = z.infer<typeof adminJobsiteSchema>;
export type JobsiteInput = Omit<AdminJobsite, "id">;

export const listAdminJobsites = async (up: Upstream) =>
  (
    await up.request({
      method: "GET",
      path: "/jobsites/",
      schema: z.array(adminJobsiteSchema),
      idempotent: true,
    })
  ).data;
export const getJobsite = async (up: Upstream, id: number) =>
  (
    await up.request({
      method: "GET",
      path: `/jobsites/${id}`,
      schema: adminJobsiteSchema,
      idempotent: true,
    })
  ).data;
export const createJobsite = async (up: Upstream, j: JobsiteInput) =>
  (await up.request({ method: "POST", path: "/jobsites", body: j, schema: adminJobsiteSchema }))
    .data;
export const updateJobsite = async (up: Upstream, id: number, j: JobsiteInput) =>
  (
    await up.request({
      method: "PUT",
      path: `/jobsites/${id}`,
      body: j,
      schema: adminJobsiteSchema,
    })
  ).data;

/**
 * Timesheet entries as the jobsite page needs them (who, when, where): the timesheet contract's
 * `GET /timesheet/entries` (app/modules/timesheets/upstream.server.ts), read narrowly here.
 * Reviewers get everyone's entries; anyone else only their own.
 */
export const siteEntrySchema = z.object({
  id: z.number().int(),
  person: z.object({ username_id: z.number().int(), name: z.string() }),
  start: z.string(),
  end: z.string().nullable(),
  jobsite_id: z.number().int().nullable(),
});
export const listTimesheetEntries = async (up: Upstream, range: { from: string; to: string }) =>
  (
    await up.request({
      method: "GET",
      path: "/timesheet/entries",
      query: range,
      schema: z.array(siteEntrySchema),
      idempotent: true,
    })
  ).data;

/** Jobsite documents (server/sim/jobsite-documents.ts): the supplier documents' contract for jobsites. */
export const jobsiteDocumentSchema = z.object({
  id: z.number().int(),
  jobsite_id: z.number().int(),
  name: z.string(),
  content_type: z.enum(["application/pdf", "image/jpeg", "image/png"]),
  size: z.number().int().nonnegative(),
  uploaded_at: z.string(),
  uploaded_by: z.string(),
});
export type JobsiteDocument = z.infer<typeof jobsiteDocumentSchema>;
const JD = "/jobsites/documents";
export const listJobsiteDocuments = async (up: Upstream, jobsiteId: number) =>
  (
    await up.request({
      method: "GET",
      path: JD,
      query: { jobsite_id: String(jobsiteId) },
      schema: z.array(jobsiteDocumentSchema),
      idempotent: true,
    })
  ).data;
/** POST with the bytes as a stream; not retried (the bytes are gone once sent). */
export const uploadJobsiteDocument = async (
  up: Upstream,
  jobsiteId: number,
  file: { name: string; type: JobsiteDocument["content_type"] },
  body: ReadableStream<Uint8Array>,
  signal?: AbortSignal,
) =>
  jobsiteDocumentSchema.parse(
    await postStream(
      up,
      JD,
      { jobsite_id: String(jobsiteId), content_type: file.type, name: file.name },
      body,
      signal,
    ),
  );
export const jobsiteDocumentContent = (up: Upstream, id: number) =>
  getStream(up, `${JD}/content`, { id: String(id) });
export const deleteJobsiteDocument = async (up: Upstream, id: number) =>
  (
    await up.request({
      method: "DELETE",
      path: `${JD}/${id}`,
      schema: z.object({ id: z.number().int() }),
    })
  ).data;
