import { createTheme } from "@mantine/core";

/** SPEC §9 constants of the shell. */
export const DRAWER_WIDTH = 280;
export const DRAWER_COLLAPSED_WIDTH = 80;
export const DOCS_DRAWER_WIDTH = 256;
export const TOP_BAR_HEIGHT = 64;
export const CORNER_RADIUS = 16;
export const MAX_SNACKBARS = 3;

export const theme = createTheme({
  primaryColor: "teal",
  fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  defaultRadius: "md",
});
