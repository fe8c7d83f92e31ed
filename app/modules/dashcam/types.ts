/** The dashcam module's vocabulary (browser-safe): event types, severities and footage states. */
export const DASHCAM_TYPES = [
  "harsh_braking",
  "harsh_acceleration",
  "harsh_cornering",
  "collision",
  "distraction",
  "tailgating",
  "speeding",
  "manual",
] as const;
export type DashcamType = (typeof DASHCAM_TYPES)[number];

export const TYPE_LABEL: Record<DashcamType, string> = {
  harsh_braking: "Harsh braking",
  harsh_acceleration: "Harsh acceleration",
  harsh_cornering: "Harsh cornering",
  collision: "Collision",
  distraction: "Distraction",
  tailgating: "Tailgating",
  speeding: "Speeding",
  manual: "Manual capture",
};

export const SEVERITIES = ["low", "medium", "high"] as const;
export type Severity = (typeof SEVERITIES)[number];
export const SEVERITY_LABEL: Record<Severity, string> = {
  low: "Low",
  medium: "Medium",
  high: "High",
};

export const CLIP_STATUSES = ["requested", "uploading", "available", "failed"] as const;
export type ClipStatus = (typeof CLIP_STATUSES)[number];
export const CLIP_STATUS_LABEL: Record<ClipStatus, string> = {
  requested: "Requested",
  uploading: "Uploading",
  available: "Available",
  failed: "Failed",
};

/** Footage windows the cameras accept (seconds). */
export const MIN_WINDOW_S = 5;
export const MAX_WINDOW_S = 600;
