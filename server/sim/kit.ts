/** Shared plumbing of the simulator's HTTP handlers: context, results, errors and lookups. */
import type { Auth, TokenData } from "./auth";
import type { SimFormSubmission } from "./forms";
import type { MaintState } from "./maintenance";
import type { JobCodeState } from "./api-jobcodes";
import type { BillingState } from "./api-billing";
import type { JobsiteState } from "./api-jobsites";
import type { JobsiteDocumentState } from "./jobsite-documents";
import type { PeopleState } from "./api-people";
import type { LeaveState } from "./api-leave";
import type { TimesheetState } from "./timesheets-data";
import type { FormsBuilderState } from "./forms-builder";
import type { ConcretePourState } from "./api-concrete";
import type { ConcreteMixState } from "./api-concrete-mix";
import type { SensorState } from "./api-sensors";
import type { DashcamState } from "./api-dashcam";
import type { TicketState } from "./api-tickets";
import type { SupplierState } from "./api-suppliers";
import type { DeliveryState } from "./api-deliveries";
import type { Overlay } from "./trips";
import type { Device, User, World } from "./world";

export type Faults = {
  /** Added to every answer (ms). */
  latencyMs: number;
  /** Share of calls (0..1) answered 500 or 503. */
  errorRate: number;
  /** Share of calls (0..1) never answered (the client must give up). */
  timeoutRate: number;
  /** Every call answers 503, as an outage. */
  down: boolean;
  /** Calls whose path starts with one of these always answer 500 (e.g. "/vehicles/vehicle"). */
  failPaths: string[];
  /** Body of injected errors: JSON `{ message }`, plain text, or none at all. */
  errorBody: "json" | "text" | "empty";
};

export const NO_FAULTS: Faults = {
  latencyMs: 0,
  errorRate: 0,
  timeoutRate: 0,
  down: false,
  failPaths: [],
  errorBody: "json",
};

/**
 * Everything in here is persisted when the simulator has a data directory (store.ts), except the
 * RUNTIME_KEYS below, so state a new module adds is durable without the module doing anything.
 * It must therefore stay plain data: objects, arrays, Maps, Sets and primitives.
 */
export type SimState = {
  world: World;
  auth: Auth;
  /** Revoked token ids and one-time reset tokens (auth.ts keeps its data here to persist it). */
  tokens: TokenData;
  overlay: Overlay;
  clock: () => number;
  tickMs: number;
  /** Bumped on every device mutation so cached device lists are rebuilt. */
  version: number;
  faults: Faults;
  pushSubscriptions: Array<{
    id: number;
    username_id: number;
    endpoint: string;
    keys: { p256dh: string; auth: string };
  }>;
  /** Answers received through POST /forms/submissions, oldest first. */
  formSubmissions: SimFormSubmission[];
  /** Maintenance data (maintenance.ts), seeded on first use. */
  maintenance?: MaintState;
  /** Timesheet job codes (api-jobcodes.ts), seeded on first use. */
  jobCodes?: JobCodeState;
  /** People, group grants, device links (api-people.ts), plans and billing (api-billing.ts), jobsites. */
  people?: PeopleState;
  billing?: BillingState;
  jobsites?: JobsiteState;
  /** Jobsite documents (jobsite-documents.ts); their bodies are files (files.ts). */
  jobsiteDocuments?: JobsiteDocumentState;
  /** Leave, rosters and site declarations (api-leave.ts), seeded on first use. */
  leave?: LeaveState;
  /** Timesheet entries, pay-period locks, allowances and payroll groups (api-timesheets.ts). */
  timesheets?: TimesheetState;
  /** Forms with drafts and versions, and answer uploads (forms-builder.ts), seeded on first use. */
  formsBuilder?: FormsBuilderState;
  /** Concrete pours, links, limit sets, rules and probes (api-concrete.ts), seeded on first use. */
  concretePours?: ConcretePourState;
  /** Concrete suppliers, mix designs, evaporation limits, strength results (api-concrete-mix.ts). */
  concreteMix?: ConcreteMixState;
  /** Sensor limits, ftc profiles and loads (api-sensors.ts), seeded on first use. */
  sensors?: SensorState;
  /** Dashcam footage requests (api-dashcam.ts), created on first use. */
  dashcam?: DashcamState;
  /** Ticket types, tickets, decisions and delegations (api-tickets.ts), seeded on first use. */
  tickets?: TicketState;
  /** Suppliers and plant hire contracts (api-suppliers.ts), seeded on first use. */
  suppliers?: SupplierState;
  /** Deliveries and courier shipments (api-deliveries.ts), each day seeded on first use. */
  deliveries?: DeliveryState;
  cache: Map<string, { key: string; value: unknown }>;
  /** Sign-in times of this process (api-people.ts): sign-ins are not journaled. */
  lastLogins?: Record<number, string>;
  /** API traffic as the simulator sees it (tests of the client's concurrency bound); set by the HTTP layer. */
  traffic?: Traffic;
};

/** Parts of SimState that belong to this process, not to the world: never persisted. */
export const RUNTIME_KEYS = [
  "auth",
  "clock",
  "tickMs",
  "version",
  "faults",
  "cache",
  "traffic",
  "lastLogins",
] as const satisfies ReadonlyArray<keyof SimState>;

/** Open = connections the client has not closed yet; answered = responses actually written. */
export type Traffic = {
  calls: number;
  open: number;
  peakOpen: number;
  answered: number;
  openIds: Set<number>;
};

export type Ctx = {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  /** Set on routes that require a bearer token. */
  user: User;
  jti: string;
  now: number;
  state: SimState;
  /** The request's headers (absent on a replayed write); media routes read `range`. */
  headers?: Record<string, string | string[] | undefined> & { range?: string };
  /**
   * A random token (base64url). Handlers of write routes must take randomness only from here:
   * the values are kept in the journal so a replay produces the same state.
   */
  random(): string;
};

export type Result = {
  status?: number;
  json?: unknown;
  text?: string;
  contentType?: string;
  headers?: Record<string, string>;
  /** A file on disk sent as the body, streamed (wiki file downloads). */
  file?: { path: string; size: number; start?: number };
};
export type Handler = (ctx: Ctx) => Result | Promise<Result>;
/**
 * `write`: the call changes durable state, so when it answers 2xx the HTTP layer journals it before
 * answering (store.ts). Every method but GET and HEAD is a write unless its route says otherwise.
 */
export type Route = {
  method: string;
  path: string;
  auth: boolean;
  write: boolean;
  handler: Handler;
  /**
   * Takes a raw (non-JSON) request body as a stream before the handler runs, e.g. into a file,
   * and returns what stands for it as the call's JSON body (journaled, and given to the handler).
   */
  stream?: (ctx: Ctx, body: AsyncIterable<Buffer>) => Promise<unknown>;
};

export class HttpError extends Error {
  constructor(
    public status: number,
    message: string,
  ) {
    super(message);
  }
}

export const ok = (json: unknown, status = 200): Result => ({ status, json });

/** The body as a plain object (400 when it is something else). */
export function obj(body: unknown): Record<string, unknown> {
  if (body && typeof body === "object" && !Array.isArray(body))
    return body as Record<string, unknown>;
  throw new HttpError(400, "Expected a JSON object body");
}

export function str(v: unknown, name: string): string {
  if (typeof v !== "string" || !v.trim()) throw new HttpError(400, `${name} is required`);
  return v;
}

/** A device of the caller's company; a foreign or unknown imei is 404 either way (no probing). */
export function deviceOf(ctx: Ctx, imei: unknown): Device {
  if (typeof imei !== "string" && typeof imei !== "number")
    throw new HttpError(400, "imei is required");
  const d = ctx.state.world.devicesByImei.get(String(imei));
  if (!d || d.companyid !== ctx.user.companyid) throw new HttpError(404, "Device not found");
  return d;
}

/** Parses an ISO time (or epoch ms) query value, with a default. */
export function timeParam(v: string | null | undefined, fallback: number, name: string): number {
  if (v === null || v === undefined || v === "") return fallback;
  const n = /^\d+$/.test(v) ? Number(v) : Date.parse(v);
  if (Number.isNaN(n)) throw new HttpError(400, `${name} must be an ISO date-time`);
  return n;
}

type RouteOptions = { auth?: boolean; write?: boolean; stream?: Route["stream"] };

export function routes(
  list: Array<[string, string, Handler, RouteOptions?]>,
  defaults: RouteOptions = {},
): Route[] {
  return list.map(([method, path, handler, o]) => ({
    method,
    path,
    handler,
    auth: o?.auth ?? defaults.auth ?? true,
    write: o?.write ?? defaults.write ?? !(method === "GET" || method === "HEAD"),
    ...(o?.stream ? { stream: o.stream } : {}),
  }));
}
