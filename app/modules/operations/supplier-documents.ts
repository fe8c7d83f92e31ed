/** Supplier document limits (browser-safe: the page says them, the server enforces them). */
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
export const DOCUMENT_LIMIT_TEXT = "10 MB";
export const DOCUMENT_ACCEPT = "application/pdf,image/jpeg,image/png,.pdf,.jpg,.jpeg,.png";
