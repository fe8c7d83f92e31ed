/** The platform the upstream records for our sign-ins and device lists (SPEC §7). */
export const PLATFORM = "web";
