/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}", "**/*.css"],
  serverModuleFormat: "esm",
  serverPlatform: "node",
  // Mantine and a few others ship ESM-only builds the classic server bundle must inline.
  serverDependenciesToBundle: [
    /^@mantine\/.*/,
    /^remix-utils.*/,
    /^supercluster/,
    /^kdbush/,
    /^marked/,
    /^dayjs/,
  ],
  postcss: false,
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    // Off: with ~200 routes the whole manifest is a few KB, while lazy discovery fetched /__manifest
    // for every menu link and raced navigations (a page at times answered "404" in the browser).
    v3_lazyRouteDiscovery: false,
  },
};
