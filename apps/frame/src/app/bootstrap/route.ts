/** `/w/<name>` and `/w/v1/<name>` → the widget name (`v1/<name>` for version 1 routes). */
export function widgetNameFromPath(pathname: string): string | null {
  const match = /^\/w\/((?:v1\/)?[a-z0-9-]+)\/?$/.exec(pathname);
  return match?.[1] ?? null;
}
