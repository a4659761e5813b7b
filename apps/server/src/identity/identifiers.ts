/** Identifiers are compared trimmed and case-insensitively (`Demo@Foyer.test` logs in as demo@foyer.test). */
export function normalizeIdentifier(value: string): string {
  return value.trim().toLowerCase();
}
