/** The data to create an item from another (a world item put on a character): without its id and its place in the sidebar. */
export function itemCopy(item: Item.Implementation): Record<string, unknown> {
  const data = item.toObject() as Record<string, unknown>;
  delete data._id;
  delete data.folder;
  delete data.sort;
  return data;
}
