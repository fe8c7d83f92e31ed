/**
 * The installation check's steps, decided from a diagnostics reading: pure, so the page, the
 * certificate and the tests judge a device the same way. Limits are shown beside each step.
 */
import { formatOdometer, type Measurement } from "~/lib/units";
import type { Diagnostics } from "./diagnostics.server";

export const INSTALL_LIMITS = {
  /** A position at most this old counts as fresh. */
  freshMinutes: 20,
  minSatellites: 4,
  maxHdop: 2,
  /** Supply voltage of a 12 V or 24 V vehicle, engine off to charging. */
  minVolts: 11.5,
  maxVolts: 30,
} as const;

export type StepStatus = "pass" | "fail" | "waiting" | "na";
export type Step = { id: string; title: string; status: StepStatus; detail: string };

const ago = (ms: number) => {
  const m = Math.round(ms / 60_000);
  return m < 1 ? "just now" : m < 120 ? `${m} min ago` : `${Math.round(m / 60)} h ago`;
};

export function installationSteps(
  d: Diagnostics,
  opts: { now: number; measurement: Measurement },
): { steps: Step[]; passed: boolean } {
  const L = INSTALL_LIMITS;
  const age = opts.now - Date.parse(d.reported_at);
  const fresh = age <= L.freshMinutes * 60_000;
  const on = d.ignition_changes.some((c) => c.on);
  const off = d.ignition_changes.some((c) => !c.on);
  const v = d.power.supply_voltage;
  const steps: Step[] = [
    {
      id: "reporting",
      title: `A fresh position (within ${L.freshMinutes} minutes)`,
      status: fresh ? "pass" : "fail",
      detail: fresh
        ? `Last report ${ago(age)}.`
        : `Last report ${ago(age)}: check the power lead, the SIM and the antenna.`,
    },
    {
      id: "gps",
      title: `GPS fix (${L.minSatellites}+ satellites, HDOP ≤ ${L.maxHdop})`,
      status:
        d.gps.satellites >= L.minSatellites && d.gps.hdop !== null && d.gps.hdop <= L.maxHdop
          ? "pass"
          : "fail",
      detail:
        d.gps.hdop === null
          ? "No fix: move the vehicle into the open and check the antenna faces the sky."
          : `${d.gps.satellites} satellites, HDOP ${d.gps.hdop}.`,
    },
    {
      id: "ignition",
      title: "Ignition on and off seen",
      status: !d.power.external ? "na" : on && off ? "pass" : "waiting",
      detail: !d.power.external
        ? "Battery-powered device: no ignition wire."
        : on && off
          ? "Both seen since the check started."
          : on
            ? "On seen: now turn the ignition off."
            : off
              ? "Off seen: now turn the ignition on."
              : "Turn the ignition on, then off.",
    },
    {
      id: "power",
      title: `Supply voltage in range (${L.minVolts}–${L.maxVolts} V)`,
      status: !d.power.external
        ? "na"
        : v !== null && v >= L.minVolts && v <= L.maxVolts
          ? "pass"
          : "fail",
      detail: !d.power.external
        ? "Battery-powered device: no supply wire."
        : v === null
          ? "No supply voltage reported: check the power lead."
          : `${v.toFixed(2)} V.`,
    },
    {
      id: "odometer",
      title: "Odometer reported",
      status: !d.power.external
        ? "na"
        : d.odometer_km !== null && d.odometer_km > 0
          ? "pass"
          : "fail",
      detail: !d.power.external
        ? "Not a vehicle tracker."
        : d.odometer_km !== null && d.odometer_km > 0
          ? formatOdometer(d.odometer_km, opts.measurement)
          : "No odometer: set it on the device or read it from the vehicle's bus.",
    },
  ];
  return { steps, passed: steps.every((s) => s.status === "pass" || s.status === "na") };
}

export const STEP_LABELS: Record<StepStatus, string> = {
  pass: "Passed",
  fail: "Failed",
  waiting: "Waiting",
  na: "Not applicable",
};
