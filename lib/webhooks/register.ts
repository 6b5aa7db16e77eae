import { registerSink } from "../outbox/sinks";
import { postSink } from "./post";

/** Outbox events "post/<anything>" are HTTP posts (action_url events, dunning POST actions). */
registerSink("post/", postSink());
