const EVIDENCE_TEXT_MAX = 80;

/** Evidence quotes trace text; long quotes are cut so one item result stays one readable line. */
export function clip(text: string): string {
  return text.length > EVIDENCE_TEXT_MAX ? `${text.slice(0, EVIDENCE_TEXT_MAX - 1)}…` : text;
}
