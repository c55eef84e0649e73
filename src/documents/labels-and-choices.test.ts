import { describe, expect, it } from "vitest";
import { ArrayField, SchemaField, StringField, type DataField } from "../../test/foundry/fields";
import { startSystem } from "../../test/support/start-system";

type Models = Record<string, { schema: SchemaField }>;

/** Every field under a schema with its dotted path; an array's element schema is not entered, as Foundry's localisation does not. */
function fieldsOf(schema: SchemaField, prefix = ""): { path: string; field: DataField }[] {
  return Object.entries(schema.fields).flatMap(([name, field]) => {
    const path = prefix ? `${prefix}.${name}` : name;
    return [{ path, field }, ...(field instanceof SchemaField ? fieldsOf(field, path) : [])];
  });
}

/** Every field with choices, array elements included (a sub-group's stats are chosen too). */
function choiceFields(field: DataField, path: string): { path: string; choices: Record<string, string> }[] {
  if (field instanceof SchemaField)
    return Object.entries(field.fields).flatMap(([name, f]) => choiceFields(f, `${path}.${name}`));
  if (field instanceof ArrayField) return choiceFields(field.element, `${path}.element`);
  const choices = field instanceof StringField ? field.choices : undefined;
  return choices && typeof choices === "object" && !Array.isArray(choices)
    ? [{ path, choices: choices as Record<string, string> }]
    : [];
}

describe.each(["en", "fr"] as const)("what the sheets and refusals name, in %s", (lang) => {
  it("every field of every actor and item has a label in the reader's language", async () => {
    const { foundry } = await startSystem({ lang });
    const models = {
      ...(foundry.CONFIG.Actor.dataModels as unknown as Models),
      ...(foundry.CONFIG.Item.dataModels as unknown as Models),
    };
    const unlabelled = Object.entries(models).flatMap(([type, model]) =>
      fieldsOf(model.schema)
        .filter(({ field }) => !field.label || field.label.startsWith("WH."))
        .map(({ path }) => `${type}.${path}`),
    );
    expect(unlabelled).toEqual([]);
  });

  it("every choice a field offers names a known string, and the types have their names", async () => {
    const { foundry } = await startSystem({ lang });
    const i18n = foundry.game.i18n;
    const models = {
      ...(foundry.CONFIG.Actor.dataModels as unknown as Models),
      ...(foundry.CONFIG.Item.dataModels as unknown as Models),
    };
    const offered = Object.entries(models).flatMap(([type, model]) => choiceFields(model.schema, type));
    expect(offered.length).toBeGreaterThan(10);
    const unknown = offered.flatMap(({ path, choices }) =>
      Object.entries(choices)
        .filter(([, key]) => !i18n.has(key))
        .map(([key, label]) => `${path}: ${key} → ${label}`),
    );
    expect(unknown).toEqual([]);
    const labels = {
      ...(foundry.CONFIG.Actor.typeLabels as Record<string, string>),
      ...(foundry.CONFIG.Item.typeLabels as Record<string, string>),
    };
    expect(Object.keys(labels).sort()).toEqual(Object.keys(models).sort());
    expect(Object.values(labels).filter((key) => !i18n.has(key))).toEqual([]);
  });
});

describe("the same choice reads the same everywhere", () => {
  it("an Attribute's name is the one the sheets show for it, in a field of any model", async () => {
    const { foundry } = await startSystem();
    const i18n = foundry.game.i18n;
    const models = foundry.CONFIG.Item.dataModels as unknown as Models;
    const power = choiceFields(models.wuxiaPower?.schema as SchemaField, "wuxiaPower").find((c) =>
      c.path.endsWith(".attribute"),
    );
    expect(i18n.localize(power?.choices.feu ?? "")).toBe("Fire");
    const weapon = choiceFields(models.harmoniesWeapon?.schema as SchemaField, "harmoniesWeapon").find((c) =>
      c.path.endsWith(".range"),
    );
    expect(Object.keys(weapon?.choices ?? {})).toEqual(["melee", "missile"]);
  });
});
