export * from "./maturity";
export * from "./curves";
export * from "./strength";
export * from "./evaporation";
export * from "./mass";
export * from "./temperature-log";
