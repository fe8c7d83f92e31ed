// @ts-check
import js from "@eslint/js";
import prettier from "eslint-config-prettier";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import moduleBoundaries from "./scripts/lint/module-boundaries.js";
import actionProtocol from "./eslint-rules/action-protocol.js";
import conformReply from "./eslint-rules/conform-reply.js";
import isoSlice from "./eslint-rules/no-iso-slice.js";
import oneMailSender from "./eslint-rules/one-mail-sender.js";

/** The project's own rules (eslint-rules/), as one plugin. */
const tracksmith = {
  rules: {
    ...isoSlice.rules,
    ...actionProtocol.rules,
    ...oneMailSender.rules,
    ...conformReply.rules,
  },
};

/**
 * Issue 35 part 6: the actions (and the module code answering for them) already converted to
 * Conform's submission.reply(); eslint-rules/conform-reply.js keeps them there. Add a file here
 * when its action is converted.
 */
export const CONFORM_REPLY_FILES = [
  "app/routes/_shell.admin.people._index.tsx",
  "app/routes/_shell.admin.people.$id.tsx",
  "app/routes/_shell.admin.groups.tsx",
  "app/modules/admin/components/person-form.tsx",
  "app/modules/admin/components/group-name-form.tsx",
  "app/routes/dashboard.purchase-subscriptions.tsx",
  "app/routes/_shell.admin.allowances.tsx",
  "app/routes/_shell.admin.payrollgroups.tsx",
  "app/modules/timesheets/setup-actions.server.ts",
  "app/modules/timesheets/components/payroll-group-form.tsx",
  "app/routes/dashboard.beacon-config.tsx",
  "app/modules/beacons/beacon-config.ts",
  "app/modules/beacons/beacon-pages.server.ts",
  "app/modules/beacons/components/beacon-config-form.tsx",
  "app/routes/dashboard.driver-tag._index.tsx",
  "app/modules/drivers/tags.server.ts",
  "app/modules/drivers/components/tag-views.tsx",
  "app/routes/dashboard.drivermanagement.tsx",
  "app/modules/drivers/management.server.ts",
  "app/modules/drivers/components/driver-form.tsx",
  "app/routes/dashboard.driversafety.tsx",
  "app/modules/drivers/safety-actions.server.ts",
  "app/modules/drivers/components/incident-table.tsx",
  "app/modules/drivers/components/scorecard.tsx",
  "app/routes/insight-tag.$uuid.tsx",
  "app/modules/insight-tags/public.server.ts",
  "app/routes/_shell.admin.jobcodes.tsx",
  "app/modules/admin/components/jobcode-form.tsx",
  "app/routes/dashboard.suppliers.tsx",
  "app/modules/operations/components/supplier-form.tsx",
  "app/routes/dashboard.task-groups.tsx",
];

/** Imports that cross a boundary of DESIGN.md's layers. */
const APP_NEVER_IMPORTS_SERVER = {
  regex: "(^|/)server/",
  message: "app/ never imports server/: the server boots the app, not the other way round.",
};
const SIM_IMPORTS_NOTHING = {
  regex: "^(~/|\\.\\./)",
  message: "The simulator is a foreign system: it imports nothing of the app or the server.",
};

/**
 * Leaflet content: Leaflet inserts tooltip, popup and divIcon content as HTML, so it must come
 * from ~/lib/map-text (mapText / mapHtml, handed over as `.safeHtml`); innerHTML is not used.
 */
const LEAFLET_SINK = "/^(bindTooltip|bindPopup|setContent|setTooltipContent|setPopupContent)$/";
const MAP_TEXT =
  "Leaflet parses this as HTML: build it with mapText or mapHtml (~/lib/map-text) and pass `.safeHtml`.";
const LEAFLET_CONTENT = [
  {
    selector: `CallExpression[callee.property.name=${LEAFLET_SINK}]:not([arguments.0.property.name="safeHtml"])`,
    message: MAP_TEXT,
  },
  {
    selector: `CallExpression[callee.property.name="divIcon"] > ObjectExpression > Property[key.name="html"]:not([value.property.name="safeHtml"])`,
    message: MAP_TEXT,
  },
  {
    selector: "MemberExpression[property.name=/^(innerHTML|outerHTML)$/]",
    message: "Set text with textContent; markup for Leaflet comes from ~/lib/map-text.",
  },
  {
    selector:
      "CallExpression[callee.property.name=/^(insertAdjacentHTML|createContextualFragment)$/]",
    message: "Set text with textContent; markup for Leaflet comes from ~/lib/map-text.",
  },
];

/**
 * Unit labels (issue 35): a distance, speed or temperature is shown in the reader's system, so its
 * label comes from ~/lib/units (formatDistance, speedLabel, formatCelsius, temperatureLabel...),
 * never typed in place: not "°C", not `°${unit}`, and not the CELSIUS / FAHRENHEIT constants,
 * which only name a unit whatever the reader chose (a °C figure by definition is MATURITY_UNIT's).
 * Ids that merely spell a unit (a column `type: "km"` or `accessor("km")`, a `case "km":`, a comparison) are not labels.
 */
const UNIT_WORD = String.raw`/\bkm\b|°[CF]|\bmi\b/`;
const NOT_A_LABEL = [
  "TSLiteralType > Literal",
  "SwitchCase > Literal",
  "BinaryExpression > Literal",
  'CallExpression[callee.property.name="accessor"] > Literal',
  "Property[key.name=/^(type|key|value)$/] > Literal.value",
].join(", ");
const UNIT_MESSAGE =
  "A unit label is the reader's: take it from ~/lib/units (formatDistance, formatSpeed, distanceLabel, speedLabel, formatCelsius, formatCelsiusDelta, temperatureLabel).";
const UNIT_LABELS = [
  { selector: `Literal[value=${UNIT_WORD}]:not(${NOT_A_LABEL})`, message: UNIT_MESSAGE },
  { selector: `TemplateElement[value.raw=${UNIT_WORD}]`, message: UNIT_MESSAGE },
  // `°${unit}`: a degree sign before a unit put in place (a heading's closing "12°" is no unit).
  { selector: "TemplateElement[tail=false][value.raw=/°$/]", message: UNIT_MESSAGE },
  { selector: `JSXText[value=${UNIT_WORD}]`, message: UNIT_MESSAGE },
  {
    selector: "ImportSpecifier[imported.name=/^(CELSIUS|FAHRENHEIT)$/]",
    message: `A temperature is shown in the reader's unit, never in a fixed one. ${UNIT_MESSAGE}`,
  },
];

/**
 * Issue 35: a read a page can do without may fall back when it is refused, but the tracking service
 * not answering must reach the page's outage handling (its last good copy, or 503), never pass as
 * an empty list. A bare `.catch(() => [])` (or null, "UTC", {}) cannot tell the two apart.
 */
const SWALLOWED_FAILURE = [
  {
    selector:
      "CallExpression[callee.property.name='catch'] > ArrowFunctionExpression[params.length=0][body.type=/^(ArrayExpression|ObjectExpression|Literal)$/]",
    message:
      "Say which failure falls back: .catch(unlessFault(x)) (~/services/upstream/errors) lets the service being down reach the page's outage handling.",
  },
];

export default tseslint.config(
  {
    ignores: [
      "node_modules",
      "build",
      "public/build",
      "app/generated",
      ".data",
      ".cache",
      "tests/scratch",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: "module",
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" },
      ],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "max-lines": ["error", { max: 300, skipBlankLines: true, skipComments: true }],
      "@typescript-eslint/no-unused-expressions": [
        "error",
        { allowShortCircuit: true, allowTernary: true },
      ],
    },
  },
  {
    files: ["**/*.tsx", "app/**/*.ts"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
    },
  },
  {
    files: ["app/**"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [APP_NEVER_IMPORTS_SERVER] }],
      "no-restricted-syntax": ["error", ...LEAFLET_CONTENT, ...UNIT_LABELS, ...SWALLOWED_FAILURE],
    },
  },
  {
    // The one place unit labels are spelled out; tests name what the reader must see. The
    // Leaflet selectors still apply here (one no-restricted-syntax list replaces the other).
    files: ["app/lib/units.ts", "app/**/*.test.ts", "app/**/*.test.tsx"],
    rules: { "no-restricted-syntax": ["error", ...LEAFLET_CONTENT] },
  },
  {
    // A module uses another only through its public index, by ~/ or relative path alike. The
    // registry, the job list and kit.ts belong to no module; tests may reach inside one.
    files: ["app/modules/**"],
    ignores: ["**/*.test.ts", "**/*.test.tsx"],
    plugins: { modules: moduleBoundaries },
    rules: { "modules/public-index-only": "error" },
  },
  {
    // Issue 35, one clock: no time shown by cutting an ISO string (eslint-rules/no-iso-slice.js).
    files: ["app/**"],
    ignores: ["app/lib/zoned-time.ts", "**/*.test.ts", "**/*.test.tsx"],
    plugins: { tracksmith },
    rules: { "tracksmith/no-iso-slice": "error" },
  },
  {
    // Issue 35, one action protocol: <Field>, useActionResult, switchIntent
    // (eslint-rules/action-protocol.js). action-result.ts is where the one cast lives.
    files: ["app/**"],
    ignores: ["app/lib/action-result.ts", "**/*.test.ts", "**/*.test.tsx"],
    plugins: { tracksmith },
    rules: { "tracksmith/action-protocol": "error" },
  },
  {
    // Issue 37, one outbox: only its worker sends mail, and the report sender, whose body is built
    // at send time (eslint-rules/one-mail-sender.js); mail.server.ts is the mail service itself.
    files: ["app/**", "server/**"],
    ignores: [
      "app/services/mail.server.ts",
      "app/modules/notifications/outbox/outbox-send.server.ts",
      "app/modules/reports/report-delivery.server.ts",
      "**/*.test.ts",
    ],
    plugins: { tracksmith },
    rules: { "tracksmith/one-mail-sender": "error" },
  },
  {
    files: CONFORM_REPLY_FILES,
    plugins: { tracksmith },
    rules: { "tracksmith/conform-reply": "error" },
  },
  {
    files: ["server/sim/**"],
    rules: { "no-restricted-imports": ["error", { patterns: [SIM_IMPORTS_NOTHING] }] },
  },
  {
    // Tests may start the simulator (contract tests) and name helpers use*; they are not components.
    files: ["**/*.test.ts", "**/*.test.tsx", "tests/**"],
    rules: {
      "max-lines": "off",
      "no-restricted-imports": "off",
      "react-hooks/rules-of-hooks": "off",
    },
  },
  prettier,
);
