/**
 * The opaque cursor of the account list: the last row's (created_at, guid), the key its pages are
 * ordered and cut by (newest first), so a page never repeats or skips a row when accounts are
 * added meanwhile. (admin/deliveries/store.ts pages the same way with its own private twin.)
 */
export type CursorKey = [createdAt: number, guid: string];

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
