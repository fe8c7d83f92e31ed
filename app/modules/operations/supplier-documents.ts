/** Supplier document limits: the same as every uploaded document's (browser-safe). */
export { DOCUMENT_ACCEPT, DOCUMENT_LIMIT_TEXT, DOCUMENT_MAX_BYTES } from "~/lib/documents";
