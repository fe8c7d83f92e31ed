/**
 * What every module's server code acts with: the company's upstream token and id, taken from the
 * session by the guard (never from a request), and the one error type for a message next to a field.
 */

/** The upstream bearer and the company every query is filtered by (tenant isolation). */
export type Auth = {
  token: string;
  companyId: number;
  /** The devices a restricted account may see (account–device links); absent = every device. */
  only?: readonly string[];
};
export const authOf = (s: {
  token: string;
  user: { companyid: number; device_imeis?: string[] | null };
}): Auth => ({
  token: s.token,
  companyId: s.user.companyid,
  ...(s.user.device_imeis ? { only: s.user.device_imeis } : {}),
});

/** Whether a restricted account may see the device (always, for an unrestricted one). */
export const maySee = (auth: Pick<Auth, "only">, imei: string) =>
  !auth.only || auth.only.includes(imei);

/** A validation problem to show next to a field. */
export class FieldError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}
