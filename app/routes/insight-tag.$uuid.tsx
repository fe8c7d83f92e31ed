import { moduleMeta, PublicModuleUnavailable } from "~/components/shell/module-unavailable";
import { publicPlannedLoader } from "~/services/shell.server";

/** Public, token-gated route (SPEC §2.1): no session, no shell. */
export const loader = publicPlannedLoader;
export const meta = moduleMeta;
export default PublicModuleUnavailable;
