/** What each enforcement action does, in words (spec: DunningRule). */
export const ENFORCEMENT_OPTIONS = [
  { value: "REMIND", label: "Send a reminder" },
  { value: "SUSPEND", label: "Suspend the subscription" },
  { value: "DELETE", label: "Cancel the subscription" },
  { value: "POST", label: "Post to a URL" },
];

export const enforcementLabel = (a: string) => ENFORCEMENT_OPTIONS.find((o) => o.value === a)?.label ?? a;
