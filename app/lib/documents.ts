/** Limits of uploaded documents (browser-safe: pages say them, the server enforces them). */
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
export const DOCUMENT_LIMIT_TEXT = "10 MB";
export const DOCUMENT_ACCEPT = "application/pdf,image/jpeg,image/png,.pdf,.jpg,.jpeg,.png";
export type DocumentType = "application/pdf" | "image/jpeg" | "image/png";

/** Why an upload was refused, as a short code a redirect can carry, and what the user reads. */
export const UPLOAD_REFUSALS = {
  empty: "Choose a document to upload: the file is empty.",
  missing: "Choose a document to upload.",
  type: "Only PDF, JPEG or PNG documents may be added.",
  size: `The document is larger than the limit of ${DOCUMENT_LIMIT_TEXT}.`,
  many: "Send one document at a time.",
} as const;
export type UploadRefusal = keyof typeof UPLOAD_REFUSALS;
export const refusalText = (code: string | null | undefined) =>
  code && code in UPLOAD_REFUSALS ? UPLOAD_REFUSALS[code as UploadRefusal] : undefined;

export const documentSizeText = (n: number) =>
  n >= 1024 * 1024
    ? `${(n / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(n / 1024))} kB`;
