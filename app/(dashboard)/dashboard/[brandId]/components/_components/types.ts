/** The component types in words (spec: Component). */
export const COMPONENT_TYPE_OPTIONS = [
  { value: "traditional", label: "Traditional (a set price each period)" },
  { value: "metered", label: "Metered (usage reported each period)" },
  { value: "quantitative", label: "Quantitative (a number of units)" },
];

export const componentTypeLabel = (t: string) => COMPONENT_TYPE_OPTIONS.find((o) => o.value === t)?.label.replace(/ \(.*/, "") ?? t;
