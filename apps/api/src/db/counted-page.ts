/**
 * A page of rows and how many match in all. A page that is neither full nor past the end holds the
 * last of them, so the total is known without a second read: a filtered look-up by a unique field (a
 * provisioning client's commonest call) costs one statement, not two.
 */
export async function countedPage<Row>(
  page: { offset: number; limit: number },
  rows: () => Promise<Row[]>,
  total: () => Promise<number>,
): Promise<{ rows: Row[]; count: number }> {
  const found = page.limit === 0 ? [] : await rows();
  const known = found.length > 0 ? found.length < page.limit : page.offset === 0 && page.limit > 0;
  return { rows: found, count: known ? page.offset + found.length : await total() };
}
