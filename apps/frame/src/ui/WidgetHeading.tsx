/**
 * The widget's level-one heading. With `showHeader` off it stays in the document, visually
 * hidden, so screen-reader users still land on a named frame (and axe's one-h1 rule holds).
 */
export function WidgetHeading({ show, children }: { show: boolean; children: string }) {
  return <h1 className={show ? undefined : 'visually-hidden'}>{children}</h1>;
}
