// Same characters findJsonValueProblem refuses: a lone surrogate or a NUL.
const unstorable = new RegExp(`[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]|\u0000`, "g");

/**
 * A copy of a parsed JSON value whose strings and keys can be stored: each NUL and lone
 * surrogate becomes U+FFFD. For keeping what a client sent next to the reason it was refused.
 */
export function replaceUnstorable(value: unknown): unknown {
  if (typeof value === "string") return value.replace(unstorable, "\ufffd");
  if (Array.isArray(value)) return value.map(replaceUnstorable);
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key.replace(unstorable, "\ufffd"), replaceUnstorable(inner)]));
}
