/** The fleet module's public face for other modules (browser-safe). */
export { deviceStatus, formatDuration, STATUS_LABELS, STATUSES } from "./device-status";
