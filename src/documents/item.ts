import { createDialogContext } from "../foundry/documents";
import { restrictTypes } from "./rulesets";

type CreateDialogArgs = Parameters<typeof Item.createDialog>;

/** The system's Item: its creation dialog offers only the types of the rule sets played. */
export class WuxiaHarmoniesItem extends Item {
  static override async createDialog(...[data, createOptions, context, ...rest]: CreateDialogArgs) {
    const requested = (context as { types?: string[] } | undefined)?.types;
    const options = createDialogContext(context, restrictTypes("Item", requested));
    return super.createDialog(data, createOptions, options, ...rest);
  }
}
