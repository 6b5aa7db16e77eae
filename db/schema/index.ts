export * from "./accounts";
export * from "./brands";
export * from "./platform";
export * from "./customers";
export * from "./notifications";
export * from "./knowledge";
export * from "./catalog";
export * from "./money";
