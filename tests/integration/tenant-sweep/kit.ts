/**
 * A module's part of the tenant sweep (tests/integration/tenant-sweep.test.ts), in its own file
 * `tests/integration/tenant-sweep/<module>.sweep.ts` so modules built side by side never edit the
 * same lines. The sweep loads every such file: `seed` makes company 2's records (and any of
 * company 1 the cases pair them with), `cases` are company 1's requests naming them (each must be
 * a 404 and change nothing), `own` are pages company 2's own user opens with them (each a 200,
 * proving the ids are real), `snapshot` is what of company 2 the cases could change (compared
 * before and after), and `secrets` are texts of company 2 that no answer may contain.
 */
import type { upstream } from "~/services/api.server";

export type Upstream = ReturnType<typeof upstream>;

export type SweepCase = {
  /** The route file that answers it (app/routes/…), for the coverage check. */
  file: string;
  method: "GET" | "POST" | "DELETE";
  url: string;
  body?: Record<string, string | string[]> | { json: unknown };
};

export type SweepContext = {
  /** Company 1 (admin) and company 2 (other), signed in to the upstream. */
  upA: Upstream;
  upB: Upstream;
  authA: { token: string; companyId: number };
  authB: { token: string; companyId: number };
  imeiA: string;
  imeiB: string;
  /** A request through the production build as company 1 (admin) or company 2 (other). */
  request: (
    as: "admin" | "other",
    method: SweepCase["method"],
    url: string,
    body?: SweepCase["body"],
  ) => Promise<{ status: number; text: string; location?: string | null }>;
};

export type ModuleSweep<S> = {
  seed: (ctx: SweepContext) => Promise<S>;
  cases: (s: S) => SweepCase[];
  own: (s: S) => string[];
  snapshot: (ctx: SweepContext, s: S) => Promise<unknown>;
  secrets?: (s: S) => string[];
};

export function defineSweep<S>(sweep: ModuleSweep<S>): ModuleSweep<S> {
  return sweep;
}
