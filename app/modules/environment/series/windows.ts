/** Time windows: merging, overlap with an interval, and windows from an on/off channel. */
import type { Series, Window } from "./types";

/** Sorted, overlapping or touching windows joined. */
export function mergeWindows(list: readonly Window[]): Window[] {
  const sorted = list.filter((w) => w.to > w.from).sort((a, b) => a.from - b.from);
  const out: Window[] = [];
  for (const w of sorted) {
    const last = out[out.length - 1];
    if (last && w.from <= last.to) last.to = Math.max(last.to, w.to);
    else out.push({ ...w });
  }
  return out;
}

/** How much of [a, b] the merged windows cover. */
export function coveredMs(merged: readonly Window[], a: number, b: number): number {
  let sum = 0;
  for (const w of merged) {
    if (w.from >= b) break;
    if (w.to <= a) continue;
    sum += Math.min(b, w.to) - Math.max(a, w.from);
  }
  return sum;
}

/**
 * Windows where an on/off channel (door open, defrost) reads 1: from the first sample at 1 to the
 * next sample at 0 (or the last sample), each extended by `afterMs` (the time the load takes to
 * recover once the door is shut or the defrost ends).
 */
export function windowsOn(s: Series, afterMs = 0): Window[] {
  const out: Window[] = [];
  let from: number | null = null;
  for (let i = 0; i < s.t.length; i++) {
    const on = s.v[i]! >= 0.5;
    if (on && from === null) from = s.t[i]!;
    else if (!on && from !== null) {
      out.push({ from, to: s.t[i]! + afterMs });
      from = null;
    }
  }
  if (from !== null) out.push({ from, to: s.t[s.t.length - 1]! + afterMs });
  return mergeWindows(out);
}
