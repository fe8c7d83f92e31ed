/** What the shell (top bar, side menu) needs: built by services/shell.server.ts, shown by components/shell. */
import type { MenuSection } from "~/lib/menu";
import type { SessionUser } from "~/lib/user";

/** What the shell needs of the user (sent to the browser by the shell loader). */
export type ShellUser = Pick<
  SessionUser,
  "username" | "name" | "first_name" | "last_name" | "companyid" | "tsadmin" | "photo" | "avatar"
>;

/** `devicePaths`: patterns of device pages, where the side menu collapses (SPEC §4). */
/** `timeZone`: the company's, in which company data is shown (components/company-time.tsx). */
export type ShellData = {
  user: ShellUser;
  /** For admins only: journal records the built-in GPS service lost at its start (shell notice). */
  upstreamLoss: { lost: number; copy: string | null } | null;
  menu: MenuSection[];
  devicePaths: string[];
  timeZone: string;
};
