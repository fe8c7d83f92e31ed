/** Field parsers of the concrete mix API: 400 with the field's name when a value is wrong. */
import { HttpError, type Ctx } from "./kit";

export const text = (v: unknown, field: string, max: number, required = false) => {
  const s = typeof v === "string" ? v.trim() : v === undefined || v === null ? "" : null;
  if (s === null) throw new HttpError(400, `${field} must be text`);
  if (required && !s) throw new HttpError(400, `${field} is required`);
  if (s.length > max) throw new HttpError(400, `${field} must be at most ${max} characters`);
  return s;
};
export function num(
  v: unknown,
  field: string,
  min: number,
  max: number,
  fallback?: number,
): number {
  if ((v === undefined || v === null || v === "") && fallback !== undefined) return fallback;
  const n = typeof v === "number" ? v : typeof v === "string" && v.trim() ? Number(v) : NaN;
  if (!Number.isFinite(n) || n < min || n > max)
    throw new HttpError(400, `${field} must be a number from ${min} to ${max}`);
  return n;
}
export const nullableNum = (v: unknown, field: string, min: number, max: number) =>
  v === undefined || v === null || v === "" ? null : num(v, field, min, max);
export const bool = (v: unknown) => v === true || v === "true" || v === "on";

export function mine<T extends { id: number; companyid: number }>(
  ctx: Ctx,
  list: T[],
  id: unknown,
  what: string,
): T {
  const n = Number(id);
  const hit = list.find((x) => x.id === n && x.companyid === ctx.user.companyid);
  if (!hit) throw new HttpError(404, `${what} not found`);
  return hit;
}
export const strip = <T extends { companyid: number }>({ companyid: _c, ...rest }: T) => rest;
export const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
