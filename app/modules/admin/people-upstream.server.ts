/**
 * People, groups, group permissions and account–device links (designed; the simulator serves them
 * in server/sim/api-people.ts and api-groups.ts). Every id of another company is a 404 upstream.
 */
import { z } from "zod";
import type { Upstream } from "~/services/upstream/client.server";

export const personSchema = z.object({
  username_id: z.number().int(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  name: z.string(),
  email: z.string(),
  mobile: z.string().nullable(),
  group_ids: z.array(z.number().int()),
  active: z.boolean(),
  last_login: z.string().nullable(),
  /** null = sees every device of the company; a list = restricted to those. */
  device_imeis: z.array(z.string()).nullable(),
});
export type Person = z.infer<typeof personSchema>;

const grantSchema = z.discriminatedUnion("source", [
  z.object({ source: z.literal("account") }),
  z.object({ source: z.literal("group"), group_id: z.number().int(), nickname: z.string() }),
]);
export type Grant = z.infer<typeof grantSchema>;

export const personDetailSchema = personSchema.extend({
  permissions: z.record(z.boolean()),
  why: z.record(z.array(grantSchema)),
});
export type PersonDetail = z.infer<typeof personDetailSchema>;

export type PersonInput = {
  first_name: string;
  last_name: string;
  email: string;
  mobile: string | null;
  group_ids: number[];
  username?: string;
};

export const groupSchema = z.object({
  id: z.number().int(),
  nickname: z.string(),
  member_ids: z.array(z.number().int()),
  imeis: z.array(z.string()),
});
export type AdminGroup = z.infer<typeof groupSchema>;

export const groupGrantsSchema = z.object({
  group_id: z.number().int(),
  permissions: z.record(z.boolean()),
});
export type GroupGrants = z.infer<typeof groupGrantsSchema>;

export const deviceLinkSchema = z.object({
  username_id: z.number().int(),
  restricted: z.boolean(),
  imeis: z.array(z.string()),
});
export type DeviceLink = z.infer<typeof deviceLinkSchema>;

const get = async <T extends z.ZodTypeAny>(up: Upstream, path: string, schema: T) =>
  (await up.request({ method: "GET", path, schema, idempotent: true })).data as z.infer<T>;
const send = async <T extends z.ZodTypeAny>(
  up: Upstream,
  method: "POST" | "PUT" | "DELETE",
  path: string,
  schema: T,
  body?: unknown,
) => (await up.request({ method, path, body, schema })).data as z.infer<T>;

export const listPeople = (up: Upstream) => get(up, "/people", z.array(personSchema));
export const getPerson = (up: Upstream, id: number) => get(up, `/people/${id}`, personDetailSchema);
export const createPerson = (up: Upstream, p: PersonInput) =>
  send(up, "POST", "/people", personDetailSchema, p);
export const updatePerson = (up: Upstream, id: number, p: PersonInput) =>
  send(up, "PUT", `/people/${id}`, personDetailSchema, p);
export const setPersonActive = (up: Upstream, id: number, active: boolean) =>
  send(up, "PUT", `/people/active/${id}`, personDetailSchema, { active });
export const sendPasswordReset = (up: Upstream, id: number) =>
  send(up, "POST", `/people/reset/${id}`, z.object({ sent_to: z.string(), at: z.string() }), {});

export const listGroups = (up: Upstream) => get(up, "/groups", z.array(groupSchema));
export const createGroup = (up: Upstream, nickname: string) =>
  send(up, "POST", "/groups", groupSchema, { nickname });
export const renameGroup = (up: Upstream, id: number, nickname: string) =>
  send(up, "PUT", `/groups/${id}`, groupSchema, { nickname });
export const deleteGroup = (up: Upstream, id: number) =>
  send(up, "DELETE", `/groups/${id}`, z.object({ id: z.number().int() }));

export const listGroupGrants = (up: Upstream) =>
  get(up, "/groups/permissions", z.array(groupGrantsSchema));
export const setGroupGrants = (up: Upstream, id: number, permissions: Record<string, boolean>) =>
  send(up, "PUT", `/groups/permissions/${id}`, groupGrantsSchema, { permissions });

export const listDeviceLinks = (up: Upstream) =>
  get(up, "/accounts/devicelinks", z.array(deviceLinkSchema));
export const changeDeviceLinks = (
  up: Upstream,
  body: { action: "link" | "unlink" | "unrestrict"; username_ids: number[]; imeis: string[] },
) => send(up, "POST", "/accounts/devicelinks", z.array(deviceLinkSchema), body);
