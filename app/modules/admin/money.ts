/** Whole cents as Australian dollars, exact (no float arithmetic on the amount). */
export function money(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const a = Math.abs(cents);
  const dollars = Math.floor(a / 100).toLocaleString("en-AU");
  return `${sign}$${dollars}.${String(a % 100).padStart(2, "0")}`;
}
