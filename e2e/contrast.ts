import type { Page } from "@playwright/test";

/**
 * WCAG AA contrast of what a page shows, measured from computed styles: each visible text node's
 * colour against the background it is painted on (4.5:1, or 3:1 for large text), each text field's
 * and select's boundary (its border or its fill) against what surrounds it (3:1), disabled
 * controls visibly fainter than enabled ones (WCAG exempts them; a disabled button that reads as
 * the active one is still wrong), and chart grid lines receding behind the data (under 3:1) while
 * staying visible. Colours are resolved through a canvas, so oklch(), color() and named colours
 * all count. Returns one line per failure, at most `limit`.
 */
export async function contrastFailures(page: Page, limit = 12): Promise<string[]> {
  return page.evaluate((limit) => {
    const canvas = document.createElement("canvas");
    canvas.width = canvas.height = 1;
    const ctx = canvas.getContext("2d", { willReadFrequently: true })!;
    type Rgba = [number, number, number, number];
    const cache = new Map<string, Rgba>();
    const rgba = (color: string): Rgba => {
      const known = cache.get(color);
      if (known) return known;
      ctx.clearRect(0, 0, 1, 1);
      ctx.fillStyle = "rgba(0,0,0,0)";
      ctx.fillStyle = color;
      ctx.fillRect(0, 0, 1, 1);
      const [r, g, b, a] = ctx.getImageData(0, 0, 1, 1).data;
      const value: Rgba = [r!, g!, b!, a! / 255];
      cache.set(color, value);
      return value;
    };
    const over = (top: Rgba, bottom: Rgba): Rgba => {
      const a = top[3];
      return [top[0] * a + bottom[0] * (1 - a), top[1] * a + bottom[1] * (1 - a), top[2] * a + bottom[2] * (1 - a), 1];
    };
    const luminance = ([r, g, b]: Rgba) => {
      const channel = (v: number) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    };
    const ratio = (a: Rgba, b: Rgba) => {
      const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
      return (hi + 0.05) / (lo + 0.05);
    };
    const canvasColour = rgba(getComputedStyle(document.documentElement).backgroundColor)[3] > 0 ? rgba(getComputedStyle(document.documentElement).backgroundColor) : rgba(getComputedStyle(document.body).backgroundColor);
    /** The colour painted behind an element: its ancestors' backgrounds composed from the page down. */
    const backgroundOf = (element: Element | null): Rgba => {
      const layers: Rgba[] = [];
      for (let e = element; e; e = e.parentElement) {
        const colour = rgba(getComputedStyle(e).backgroundColor);
        if (colour[3] > 0) layers.push(colour);
        if (colour[3] >= 1) break;
      }
      return layers.reverse().reduce((bottom, top) => over(top, bottom), over(canvasColour, [255, 255, 255, 1]));
    };
    const opacityOf = (element: Element | null) => {
      let opacity = 1;
      for (let e = element; e; e = e.parentElement) opacity *= Number(getComputedStyle(e).opacity);
      return opacity;
    };
    const isShown = (element: Element) => {
      if (!element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return false;
      const box = element.getBoundingClientRect();
      if (box.width < 2 || box.height < 2) return false;
      const style = getComputedStyle(element);
      return !(style.clip === "rect(0px, 0px, 0px, 0px)" || style.clipPath === "inset(50%)");
    };
    const name = (element: Element) => `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""}${typeof element.className === "string" && element.className ? `.${element.className.split(" ").slice(0, 4).join(".")}` : ""}`;
    const failures: string[] = [];
    const fail = (line: string) => {
      if (failures.length < limit && !failures.includes(line)) failures.push(line);
    };
    const isDisabled = (element: Element) => !!element.closest(":disabled, [aria-disabled=true]");

    // Text: every visible text node, in HTML and in SVG (where the colour is the fill).
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const seen = new Set<Element>();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      if (!element || seen.has(element) || !node.textContent?.trim()) continue;
      seen.add(element);
      if (element.closest("script, style, noscript, option, [aria-hidden=true]") || !isShown(element) || isDisabled(element)) continue;
      const style = getComputedStyle(element);
      const isSvg = element instanceof SVGElement;
      const ink = rgba(isSvg ? style.fill : style.color);
      const inkAlpha = ink[3] * opacityOf(element) * (isSvg ? Number(style.fillOpacity) : 1);
      const background = backgroundOf(element);
      const shown = over([ink[0], ink[1], ink[2], inkAlpha], background);
      const size = parseFloat(style.fontSize);
      const isLarge = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
      const needed = isLarge ? 3 : 4.5;
      const measured = ratio(shown, background);
      if (measured < needed) fail(`text "${node.textContent.trim().slice(0, 30)}" in ${name(element)}: ${measured.toFixed(2)}:1, needs ${needed}:1`);
    }

    // Controls: the boundary of each text field and select (border or fill against its surroundings).
    for (const control of document.querySelectorAll("input:not([type=hidden]):not([type=checkbox]):not([type=radio]):not([type=range]):not([type=color]):not([type=file]), select, textarea")) {
      if (!isShown(control) || isDisabled(control)) continue;
      const style = getComputedStyle(control);
      const around = backgroundOf(control.parentElement);
      const fill = over(rgba(style.backgroundColor), around);
      const border = parseFloat(style.borderTopWidth) >= 1 || parseFloat(style.borderBottomWidth) >= 1 ? over(rgba(parseFloat(style.borderBottomWidth) >= 1 ? style.borderBottomColor : style.borderTopColor), fill) : fill;
      const measured = Math.max(ratio(border, around), ratio(border, fill), ratio(fill, around));
      if (measured < 3) fail(`${name(control)} boundary: ${measured.toFixed(2)}:1, needs 3:1`);
    }

    // Disabled buttons fade: fainter (lower contrast of label to fill, or faded by opacity) than when enabled.
    for (const button of document.querySelectorAll("button:disabled")) {
      if (!button.checkVisibility({ visibilityProperty: true })) continue;
      const style = getComputedStyle(button);
      const background = backgroundOf(button);
      const label = ratio(over(rgba(style.color), background), background);
      if (opacityOf(button) > 0.7 && label >= 4.5) fail(`disabled ${name(button)} "${button.textContent?.trim().slice(0, 20)}" is not faded (opacity ${opacityOf(button).toFixed(2)}, label ${label.toFixed(2)}:1)`);
    }

    // Chart grids recede: visible, but below 3:1 against the chart, so the data stands out.
    for (const line of document.querySelectorAll(".recharts-cartesian-grid line, .recharts-cartesian-grid path")) {
      if (!isShown(line.closest("svg")!)) continue;
      const background = backgroundOf(line.closest("svg"));
      const stroke = rgba(getComputedStyle(line).stroke);
      if (stroke[3] === 0) continue;
      const measured = ratio(over(stroke, background), background);
      if (measured >= 3 || measured < 1.1) fail(`chart grid line: ${measured.toFixed(2)}:1 against the chart (want 1.1 to 3)`);
    }
    return failures;
  }, limit);
}
