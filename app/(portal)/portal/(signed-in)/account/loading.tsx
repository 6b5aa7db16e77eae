// The same skeleton as the lists while the page loads.
export { default } from "../(lists)/loading";
