/**
 * Layout faults inside a widget frame: horizontal overflow, controls (buttons, inputs, selects,
 * links) cut by the frame's edges or covered by something else, and selects too narrow for the
 * option they show. Returns readable lines, empty when the frame is right.
 */
import type { Frame } from '@playwright/test';

export function layoutFaults(frame: Frame): Promise<string[]> {
  return frame.evaluate(() => {
    const faults: string[] = [];
    const root = document.documentElement;
    const width = root.clientWidth;
    if (root.scrollWidth > width + 1) faults.push(`overflow: content ${root.scrollWidth} px in ${width} px`);
    const name = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.id ? '#' + element.id : ''} "${(element.textContent || (element as HTMLInputElement).name || '').trim().slice(0, 30)}"`;
    for (const control of document.querySelectorAll('button, input:not([type=hidden]), select, textarea, a[href]')) {
      const box = control.getBoundingClientRect();
      // Visually hidden text and controls not shown take no room: nothing to see, nothing to cut.
      if (box.width <= 2 || box.height <= 2) continue;
      if (box.left < -0.5 || box.right > width + 0.5)
        faults.push(`clipped: ${name(control)} ${box.left}–${box.right} of ${width}`);
      // Minimum usable size (a sliver of a button is the fault the issue lists).
      if (box.width < 16 || box.height < 16) faults.push(`too small: ${name(control)} ${box.width}×${box.height}`);
      const x = Math.min(Math.max(box.left + box.width / 2, 0), width - 1);
      const y = box.top + box.height / 2;
      const top = document.elementFromPoint(x, y);
      if (top && top !== control && !control.contains(top) && !(control as HTMLInputElement).labels?.[0]?.contains(top))
        faults.push(`covered: ${name(control)} by ${name(top)}`);
    }
    // A select shows its chosen option cut ('Montl' for 'Month') when narrower than that option
    // needs: the same select, sized to its content beside it, says how wide that is.
    for (const select of document.querySelectorAll('select')) {
      const chosen = select.selectedOptions[0];
      if (!chosen || select.getBoundingClientRect().width <= 2) continue;
      const probe = select.cloneNode(false) as HTMLSelectElement;
      probe.removeAttribute('id');
      probe.append(chosen.cloneNode(true));
      for (const [property, value] of [
        ['position', 'absolute'],
        ['visibility', 'hidden'],
        ['width', 'auto'],
        ['min-width', '0'],
        ['max-width', 'none'],
      ] as const)
        probe.style.setProperty(property, value, 'important');
      select.after(probe);
      const needed = probe.getBoundingClientRect().width;
      probe.remove();
      const shown = select.getBoundingClientRect().width;
      if (needed > shown + 0.5)
        faults.push(`text cut: select#${select.id} shows "${chosen.text}" in ${shown} of ${needed} px`);
    }
    return faults;
  });
}
