/**
 * The opaque cursor of the admin API's lists: the last row's (created_at, id), the key their pages
 * are ordered and cut by (newest first), so a page never repeats or skips a row when rows are
 * added meanwhile.
 */
export type CursorKey = [createdAt: number, id: string];

export const encodeCursor = (key: CursorKey): string => Buffer.from(JSON.stringify(key)).toString('base64url');

/** The key, or null for a cursor this server did not make. */
export function decodeCursor(cursor: string): CursorKey | null {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as unknown;
    if (Array.isArray(value) && value.length === 2 && Number.isSafeInteger(value[0]) && typeof value[1] === 'string')
      return [value[0] as number, value[1]];
  } catch {
    // Not base64url JSON: not ours.
  }
  return null;
}

/**
 * One page of a keyset list: `rows` were read with `LIMIT limit + 1` in the list's order, so a
 * row past `limit` means there is a next page, whose cursor is the last kept row's key.
 */
export function pageOf<Row, Item>(
  rows: readonly Row[],
  limit: number,
  keyOf: (row: Row) => CursorKey,
  toItem: (row: Row) => Item,
): { items: Item[]; next: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { items: page.map(toItem), next: rows.length > limit && last ? encodeCursor(keyOf(last)) : null };
}
