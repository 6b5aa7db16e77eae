import type { Endpoint } from "../endpoint";
import { brandEndpoints } from "./brand";
import { referenceEndpoints } from "./reference";

/** Every API endpoint, in documentation order. Add a resource family by adding its table here. */
export const endpoints: Endpoint[] = [...brandEndpoints, ...referenceEndpoints];
