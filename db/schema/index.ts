export * from "./accounts";
export * from "./brands";
export * from "./platform";
