export * from "./types";
export * from "./mkt";
export * from "./gaps";
export * from "./windows";
export * from "./excursions";
export * from "./downsample";
export * from "./profile";
