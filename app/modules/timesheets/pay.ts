/**
 * Money for hours, exactly: amounts are decimal strings ("20.00"), computed with decimal.js and
 * rounded half-up to the cent once per line, so a payroll's lines add up to its total to the cent.
 */
import Decimal from "decimal.js";
import type { HoursLine } from "./overtime";

export type Money = string;

const cents = (d: Decimal) => d.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);

/** A rate typed by a person: up to 4 decimals, not negative. */
export function parseRate(text: string): Money | null {
  const t = text.trim();
  if (!/^\d{1,7}(\.\d{1,4})?$/.test(t)) return null;
  return new Decimal(t).toFixed();
}

/** Pay for one line: hours × rate × multiplier, to the cent. */
export function linePay(line: Pick<HoursLine, "minutes" | "multiplier">, rate: Money): Money {
  return cents(new Decimal(rate).times(line.minutes).dividedBy(60).times(line.multiplier)).toFixed(
    2,
  );
}

export function sumMoney(amounts: readonly Money[]): Money {
  return amounts.reduce((s, a) => s.plus(a), new Decimal(0)).toFixed(2);
}

/** "1,234.50" with the currency code, for screens (exports keep the plain decimal). */
export function formatMoney(amount: Money, currency = "USD"): string {
  return new Intl.NumberFormat("en", { style: "currency", currency }).format(Number(amount));
}

/** Hours of a minute count, for screens and exports: 2 decimals (7.5, 0.25, 8.33). */
export const hoursOf = (minutes: number) => Math.round((minutes / 60) * 100) / 100;
