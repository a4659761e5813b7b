/** Escapes text for HTML element content and quoted attributes (the demo's server-rendered pages). */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
