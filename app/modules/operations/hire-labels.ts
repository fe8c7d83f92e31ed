import type { HireState } from "./hire-maths";

export const STATE_LABELS: Record<HireState, { label: string; color: string }> = {
  upcoming: { label: "Upcoming", color: "gray" },
  "on-hire": { label: "On hire", color: "teal" },
  "ending-soon": { label: "Off-hire soon", color: "orange" },
  overdue: { label: "Overdue", color: "red" },
  ended: { label: "Ended", color: "gray" },
};

export const percent = (r: number | null) => (r === null ? "—" : `${Math.round(r * 100)}%`);
