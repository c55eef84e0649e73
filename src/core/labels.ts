import { ATTRIBUTE_LABEL_PREFIX, type HarmoniesAttributeKey, type WuxiaAttributeKey } from "../rules/vocabulary";
import { t } from "./i18n";

/**
 * An attribute's name in the reader's language. Rolls store attribute keys, not names, so a card
 * reads in each reader's language; the names are the sheets' own.
 */
export function attributeLabel(key: WuxiaAttributeKey | HarmoniesAttributeKey): string {
  return t(`${ATTRIBUTE_LABEL_PREFIX}.${key}`);
}
