import type { ComposableCheck } from "../checks/rubric-item-schema";

/**
 * `any(all(A, B), all(A, C))` reads as `all(A, any(B, C))`: the same traces answer yes, and a
 * reviewer sees the condition once and the wordings beside each other.
 */
export function factorCommonParts(checks: ComposableCheck[]): ComposableCheck {
  const partsOf = (check: ComposableCheck) => (check.kind === "all" ? check.checks : [check]);
  const [first, ...others] = checks.map(partsOf);
  const common = first!.filter((part) => others.every((parts) => parts.some((p) => keyOf(p) === keyOf(part))));
  const commonKeys = new Set(common.map(keyOf));
  const rests = checks.map((check) => partsOf(check).filter((p) => !commonKeys.has(keyOf(p))));
  if (!common.length || rests.some((rest) => !rest.length)) return anyOf(checks);
  const alternatives = rests.map((rest): ComposableCheck => (rest.length === 1 ? rest[0]! : { kind: "all", checks: rest }));
  return { kind: "all", checks: [...common, anyOf(alternatives)] };
}

const keyOf = (check: ComposableCheck) => JSON.stringify(check);

/** `any` of the checks, each written once: alternatives reached from two faces of a check can be the same once their shared condition is factored out. */
function anyOf(checks: ComposableCheck[]): ComposableCheck {
  const distinct = [...new Map(checks.map((check) => [keyOf(check), check])).values()];
  return distinct.length === 1 ? distinct[0]! : { kind: "any", checks: distinct };
}
