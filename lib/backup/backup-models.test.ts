import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { backupModels, findBackupModel, linksWithoutRelation, modelsLeftOut } from "./backup-models";

// The backup must know every model of the schema, each Json field and each link between project
// rows; a model or field added later fails here, by name, until the backup covers it.
const schema = readFileSync(path.resolve(import.meta.dirname, "../../prisma/schema.template.prisma"), "utf8");
type Field = { name: string; type: string; isOptional: boolean; attributes: string };
const schemaModels = [...schema.matchAll(/^model (\w+) \{([\s\S]*?)^\}/gm)].map(([, name, body]) => ({
  name: name!,
  body: body!,
  fields: body!
    .split("\n")
    .map((line) => line.trim().match(/^(\w+)\s+(\w+)(\[\])?(\?)?\s*(.*)$/))
    .filter((match): match is RegExpMatchArray => match !== null)
    .map(([, name, type, , optional, attributes]): Field => ({ name: name!, type: type!, isOptional: optional === "?", attributes: attributes ?? "" })),
}));

const models = schemaModels.filter((model) => !(model.name in modelsLeftOut));

describe("backup models", () => {
  it("leaves out only models of the schema it names, and holds none of them", () => {
    const names = schemaModels.map((model) => model.name);
    for (const name of Object.keys(modelsLeftOut)) {
      expect(names).toContain(name);
      expect(findBackupModel(name)).toBeUndefined();
    }
  });

  it("reads the schema's models", () => {
    expect(models.length).toBeGreaterThan(20);
    expect(models.map((model) => model.name)).toContain("TraceStep");
  });

  it.each(models.map((model) => [model.name, model] as const))("covers %s with its key and Json fields", (name, model) => {
    const covered = findBackupModel(name);
    expect(covered, `the backup does not know the model ${name}: add it to lib/backup/backup-models.ts`).toBeDefined();
    const compoundId = model.body.match(/@@id\(\[([^\]]+)\]\)/)?.[1];
    const keys = compoundId
      ? compoundId.split(",").map((key) => key.trim())
      : model.fields.filter((field) => field.attributes.includes("@id")).map((field) => field.name);
    expect(covered!.keys).toEqual(keys);
    const json = model.fields.filter((field) => field.type === "Json");
    expect(covered!.optionalJson.toSorted()).toEqual(
      json
        .filter((field) => field.isOptional)
        .map((field) => field.name)
        .toSorted(),
    );
    expect(covered!.requiredJson.toSorted()).toEqual(
      json
        .filter((field) => !field.isOptional)
        .map((field) => field.name)
        .toSorted(),
    );
    const unsupported = model.fields.filter((field) => ["Bytes", "Decimal", "BigInt", "Unsupported"].includes(field.type));
    expect(
      unsupported.map((field) => `${name}.${field.name}`),
      "a field type the import does not turn back from text",
    ).toEqual([]);
  });

  it.each(models.map((model) => [model.name, model] as const))("checks every link of %s to another project row", (name, model) => {
    const links = model.fields
      .map((field) => ({ type: field.type, fields: field.attributes.match(/@relation\([^)]*fields:\s*\[(\w+)\]/)?.[1] }))
      .filter((link): link is { type: string; fields: string } => link.fields !== undefined && link.type !== "User" && link.type !== "Project");
    expect(findBackupModel(name)!.refs ?? {}).toEqual({ ...Object.fromEntries(links.map((link) => [link.fields, link.type])), ...linksWithoutRelation[name] });
    for (const field of Object.keys(linksWithoutRelation[name] ?? {})) expect(model.fields.map((f) => f.name)).toContain(field);
  });

  it("lists parents before the rows that point at them", () => {
    const order = backupModels.map((model) => model.name);
    for (const model of backupModels) {
      for (const parent of Object.values(model.refs ?? {}))
        expect(order.indexOf(parent), `${parent} before ${model.name}`).toBeLessThan(order.indexOf(model.name));
    }
  });
});
