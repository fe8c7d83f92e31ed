/**
 * Pure rules of insight tags, shared by browser and server: the wiki permissions with their SPEC §3
 * defaults, the fields a company may show on a tag's public page, and which files the wiki takes.
 */
import { fileNameWithin } from "~/lib/input";

export const WIKI_PERMISSIONS = [
  "wiki_create_category",
  "wiki_edit_category",
  "wiki_delete_category",
  "wiki_create_folder",
  "wiki_edit_folder",
  "wiki_upload",
  "wiki_delete",
] as const;
export type WikiPermission = (typeof WIKI_PERMISSIONS)[number];
export type WikiRights = Record<WikiPermission, boolean>;

/** What each permission allows, as the permissions screen and the wiki's help say it. */
export const WIKI_PERMISSION_LABELS: Record<WikiPermission, string> = {
  wiki_create_category: "Create categories",
  wiki_edit_category: "Rename categories",
  wiki_delete_category: "Delete categories",
  wiki_create_folder: "Create folders",
  wiki_edit_folder: "Rename folders",
  wiki_upload: "Upload files; write and edit pages",
  wiki_delete: "Delete folders, files and pages",
};

/** SPEC §3: without an explicit setting only folder edit, upload and delete are allowed. */
export const WIKI_DEFAULTS: WikiRights = {
  wiki_create_category: false,
  wiki_edit_category: false,
  wiki_delete_category: false,
  wiki_create_folder: false,
  wiki_edit_folder: true,
  wiki_upload: true,
  wiki_delete: true,
};

/** A user's setting of one permission on the permissions screen: explicit, or the §3 default. */
export type WikiSetting = "default" | "allow" | "refuse";
export const settingOf = (
  explicit: Partial<Record<string, boolean>>,
  p: WikiPermission,
): WikiSetting => (explicit[p] === true ? "allow" : explicit[p] === false ? "refuse" : "default");

/** The user's rights: each explicit setting of the upstream, else the default. */
export function wikiRights(
  explicit: Partial<Record<string, boolean>> | null | undefined,
): WikiRights {
  const out = { ...WIKI_DEFAULTS };
  for (const p of WIKI_PERMISSIONS) {
    const v = explicit?.[p];
    if (typeof v === "boolean") out[p] = v;
  }
  return out;
}

/** Which permission each wiki form intent needs. */
export const WIKI_INTENT_PERMISSION = {
  "create-category": "wiki_create_category",
  "rename-category": "wiki_edit_category",
  "delete-category": "wiki_delete_category",
  "create-folder": "wiki_create_folder",
  "rename-folder": "wiki_edit_folder",
  "delete-folder": "wiki_delete",
  "delete-file": "wiki_delete",
  upload: "wiki_upload",
  // A page is written content like an uploaded file: the same permissions serve both.
  "create-page": "wiki_upload",
  "edit-page": "wiki_upload",
  "delete-page": "wiki_delete",
} as const satisfies Record<string, WikiPermission>;
export type WikiIntent = keyof typeof WIKI_INTENT_PERMISSION;

export function mayWiki(rights: WikiRights, intent: string): boolean {
  if (!Object.hasOwn(WIKI_INTENT_PERMISSION, intent)) return false;
  return rights[WIKI_INTENT_PERMISSION[intent as WikiIntent]];
}

export const PUBLIC_FIELDS = [
  "name",
  "description",
  "photo",
  "owner_contact",
  "battery",
  "last_seen",
  "position",
  "readings",
] as const;
export type PublicField = (typeof PUBLIC_FIELDS)[number];
export const PUBLIC_FIELD_LABELS: Record<PublicField, string> = {
  name: "Name",
  description: "Asset description",
  photo: "Photo",
  owner_contact: "Owner contact",
  battery: "Battery",
  last_seen: "Last seen",
  position: "Position",
  readings: "Readings (last day)",
};

/** Files the wiki takes, by extension, and the type each is served with (never the sender's). */
export const WIKI_FILE_TYPES: Record<string, string> = {
  pdf: "application/pdf",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  txt: "text/plain",
  csv: "text/csv",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  odt: "application/vnd.oasis.opendocument.text",
  ods: "application/vnd.oasis.opendocument.spreadsheet",
  zip: "application/zip",
};
export const WIKI_FILE_ACCEPT = Object.keys(WIKI_FILE_TYPES)
  .map((e) => `.${e}`)
  .join(",");

/** Shown inline (preview); everything else is sent as an attachment. */
export const isPreviewable = (type: string) =>
  type.startsWith("image/") || type === "application/pdf";

/**
 * A file name safe to keep and to send back: no path, no control or reserved characters, no
 * leading dots, at most 120 characters (the extension kept). Empty when nothing is left.
 */
export function sanitiseFileName(raw: string): string {
  return fileNameWithin(raw, 120, (s) => s.replace(RESERVED, "").trim().replace(/^\.+/, ""));
}

// eslint-disable-next-line no-control-regex -- control characters are what is removed
const RESERVED = /[\u0000-\u001f\u007f<>:"|?*]/g;

/** The served type of an allowed file name, or null when the wiki does not take it. */
export function fileTypeOf(name: string): string | null {
  const dot = name.lastIndexOf(".");
  if (dot <= 0) return null;
  return WIKI_FILE_TYPES[name.slice(dot + 1).toLowerCase()] ?? null;
}

/** A UUID written on a label: 32 hex digits, dashes optional; normalised to the 8-4-4-4-12 form. */
export function normaliseUuid(raw: string): string | null {
  const h = raw.trim().toLowerCase().replace(/-/g, "");
  if (!/^[0-9a-f]{32}$/.test(h)) return null;
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

export const formatBytes = (n: number) =>
  n < 1024
    ? `${n} B`
    : n < 1024 * 1024
      ? `${(n / 1024).toFixed(1)} KB`
      : `${(n / 1048576).toFixed(1)} MB`;
