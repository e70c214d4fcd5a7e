/** A regex with g and y dropped: they make RegExp.exec stateful across calls, so answers would depend on call order. */
export function compileStatelessRegex(pattern: string, flags: string | undefined): RegExp {
  return new RegExp(pattern, flags?.replace(/[gy]/g, ""));
}
