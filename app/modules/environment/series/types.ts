/**
 * A sensor series as the maths sees it: sample times (ms, ascending) and values, one canonical
 * unit per channel (°C, %, 0/1). Windows are half-open [from, to) in ms.
 */
export type Series = { t: readonly number[]; v: readonly number[] };
export type Window = { from: number; to: number };
/** A range a reading must stay within; null means no bound on that side. */
export type Band = { min: number | null; max: number | null };
