/** The fleet module's server API for other modules. */
export { staleAfterMs } from "./devices-sync.server";
export { deriveDevices, isCompanyDevicePhoto, listDevices } from "./devices-read.server";
export { mayViewMedia } from "./media.server";
export { setDevicePermDriver, companyGroupList } from "./devices-write.server";
export { clearJobsiteCache, companyJobsites } from "./jobsites.server";
export { insideJobsite } from "./jobsite-layer";
export { searchPlaces } from "./geocode-upstream.server";
