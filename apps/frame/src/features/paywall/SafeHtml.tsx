import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/**
 * The site owner's template HTML, sanitised by DOMPurify before React puts it in the document:
 * no scripts, no event handlers, no javascript: URLs, no forms or frames. Links open in a new tab
 * (the frame is sandboxed; a link must not try to navigate it).
 */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => sanitizeTemplate(html), [html]);
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}

export function sanitizeTemplate(html: string): string {
  const purify = DOMPurify(window);
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && node.hasAttribute('href')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
  return purify.sanitize(html, {
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed'],
    FORBID_ATTR: ['style'],
  });
}
