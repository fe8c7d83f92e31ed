/**
 * The `rrule` package's RRule class, one way for every caller: rrule gives Node its CommonJS build
 * (the class under `default`) and bundlers its ES modules.
 */
import * as rrulePkg from "rrule";

export const { RRule } = (rrulePkg as unknown as { default?: typeof rrulePkg }).default ?? rrulePkg;
