const EVIDENCE_TEXT_MAX = 80;

/** Evidence quotes trace text; long quotes are cut so one item result stays one readable line. */
export function clip(text: string): string {
  return text.length > EVIDENCE_TEXT_MAX ? `${text.slice(0, EVIDENCE_TEXT_MAX - 1)}…` : text;
}

/** A regex with g and y dropped: they make RegExp.exec stateful across calls, so answers would depend on call order. */
export function compileStatelessRegex(pattern: string, flags: string | undefined): RegExp {
  return new RegExp(pattern, flags?.replace(/[gy]/g, ""));
}
