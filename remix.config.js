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
    v3_lazyRouteDiscovery: true,
  },
};
