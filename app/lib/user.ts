/** The signed-in user as the session keeps it (SPEC §3 "User (session)"); safe to send to the browser. */
export type SessionUser = {
  username_id: number;
  username: string;
  name: string;
  first_name: string;
  last_name: string;
  email: string | null;
  companyid: number;
  tsadmin: boolean;
  photo: string | null;
  avatar: string | null;
  permissions: Record<string, boolean>;
  features_enabled: Record<string, boolean>;
  groups: { id: number; nickname: string }[];
  /** Set for an account restricted to linked devices (admin/accdevlink): the only ones it sees. */
  device_imeis?: string[] | null;
};

/** SPEC §3 wiki permissions: by default only folder edit, upload and delete are allowed. */
export const WIKI_PERMISSION_DEFAULTS = {
  wiki_create_category: false,
  wiki_edit_category: false,
  wiki_delete_category: false,
  wiki_create_folder: false,
  wiki_edit_folder: true,
  wiki_upload: true,
  wiki_delete: true,
} as const;
