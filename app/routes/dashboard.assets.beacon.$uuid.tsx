/** The beacon page reached from the assets area (SPEC §2.3 assets/beacon/{uuid}): the same page as beacon/{uuid}. */
export { action, ErrorBoundary, links, loader, meta } from "./dashboard.beacon.$uuid";
export { default } from "./dashboard.beacon.$uuid";
