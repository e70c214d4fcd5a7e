import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CLOZE_BLANK, findClozeTasks } from "./cloze-tasks";

const fixture = readFileSync(path.join(import.meta.dirname, "fixtures/harbour-history.md"), "utf8");

describe("findClozeTasks", () => {
  const tasks = findClozeTasks(fixture, { title: "The Port of Varnholm" });

  it("blanks a date, a number or a name in sentences of the document, and the answer is that exact span", () => {
    expect(tasks.length).toBeGreaterThanOrEqual(8);
    for (const task of tasks) {
      expect(fixture.slice(task.span.start, task.span.end)).toBe(task.answer);
      expect(fixture).toContain(task.answer);
      expect(task.prompt).toContain(CLOZE_BLANK);
      expect(task.prompt.toLowerCase()).not.toContain(task.answer.toLowerCase());
    }
    const answers = tasks.map((task) => task.answer);
    expect(answers).toEqual(expect.arrayContaining(["March 14, 1821", "1870", "60%", "1874", "Agnes Morrow", "Varnholm Maritime Museum"]));
  });

  it("shows each question as its sentence with the answer blanked, across line breaks, without list or heading markers", () => {
    const pier = tasks.find((task) => task.answer === "March 14, 1821")!;
    expect(pier.kind).toBe("date");
    expect(pier.prompt.endsWith(`Its first stone pier was finished on ${CLOZE_BLANK}, after a storm destroyed the wooden landing the year before.`)).toBe(true);
    const height = tasks.find((task) => task.answer === "28")!;
    expect(height.prompt.endsWith(`The lighthouse still works and is ${CLOZE_BLANK} metres tall.`)).toBe(true);
    expect(tasks.some((task) => task.prompt.includes("# "))).toBe(false);
  });

  it("does not end a sentence at an abbreviation and never blanks a span that also appears elsewhere in the prompt", () => {
    const history = tasks.find((task) => task.prompt.includes("wrote the town's first history"))!;
    expect(history.prompt).toContain("Dr.");
    expect(history.prompt).toContain("e.g. the account of the storm");
    // The first "Zed Brown" starts the sentence (not a name by its capital), the second would leave the first in the prompt.
    const text = "Zed Brown met Zed Brown in Oslo on a cold and windy day.";
    expect(findClozeTasks(text, { title: "Notes" }).map((task) => task.answer)).toEqual(["Oslo"]);
    expect(findClozeTasks(text, { title: "Oslo notes" })).toEqual([]);
  });

  it("finds nothing in a text with no sentence holding a date, number or name", () => {
    expect(findClozeTasks("the cat sat on the mat all day long. it was very happy there indeed.", { title: "cats" })).toEqual([]);
  });
});
