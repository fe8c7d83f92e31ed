/** Names of ticket statuses and priorities as people read them. */
export const STATUS_VALUES = ["open", "in_progress", "waiting", "resolved", "closed"] as const;
export const PRIORITY_VALUES = ["low", "normal", "high", "urgent"] as const;
export type TicketStatus = (typeof STATUS_VALUES)[number];

export const STATUS_LABEL: Record<TicketStatus, string> = {
  open: "Open",
  in_progress: "In progress",
  waiting: "Waiting",
  resolved: "Resolved",
  closed: "Closed",
};
export const PRIORITY_LABEL: Record<(typeof PRIORITY_VALUES)[number], string> = {
  low: "Low",
  normal: "Normal",
  high: "High",
  urgent: "Urgent",
};
export const isDone = (s: string) => s === "resolved" || s === "closed";
