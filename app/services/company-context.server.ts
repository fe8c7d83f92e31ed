/**
 * What every module's server code acts with: the company's upstream token and id, taken from the
 * session by the guard (never from a request), and the one error type for a message next to a field.
 */

/** The upstream bearer and the company every query is filtered by (tenant isolation). */
export type Auth = { token: string; companyId: number };
export const authOf = (s: { token: string; user: { companyid: number } }): Auth => ({
  token: s.token,
  companyId: s.user.companyid,
});

/** A validation problem to show next to a field. */
export class FieldError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}
