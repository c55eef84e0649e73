/** The data to create an item from another (a world item put on a character): without its id and its place in the sidebar. */
export function itemCopy(item: Item.Implementation): Item.CreateData {
  const data: Item.CreateData = item.toObject();
  delete data._id;
  delete data.folder;
  delete data.sort;
  return data;
}
