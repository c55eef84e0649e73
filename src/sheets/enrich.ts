/** Rich text of a document with links, rolls and (for its owners) secrets made live. */
export function enrichFor(document: Actor.Implementation | Item.Implementation, html: string): Promise<string> {
  return foundry.applications.ux.TextEditor.implementation.enrichHTML(html, {
    secrets: document.isOwner,
    relativeTo: document,
  });
}
