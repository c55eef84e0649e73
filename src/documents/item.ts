import { restrictTypes } from "./rulesets";

type CreateDialogArgs = Parameters<typeof Item.createDialog>;

/** The system's Item: its creation dialog offers only the types of the rule sets played. */
export class WuxiaHarmoniesItem extends Item {
  static override async createDialog(...[data, createOptions, context, ...rest]: CreateDialogArgs) {
    const requested = (context as { types?: string[] } | undefined)?.types;
    // fvtt-types 13.345 types `types` as undefined, though Foundry v13 and v14 take it here.
    const options = { ...context, types: restrictTypes("Item", requested) } as unknown as CreateDialogArgs[2];
    return super.createDialog(data, createOptions, options, ...rest);
  }
}
