/**
 * `postForm` (HostMethods): a hidden `<form method="post">` built on the host page and submitted,
 * so the visitor's browser carries the fields to the hosted payment page by a top-level
 * navigation. A lazily loaded part (form.js, see parts.ts): only the version 1 checkout needs it.
 */
import { resolveFormPost } from '@foyer/protocol/light';

/** Posts `fields` to `target` when resolveFormPost accepts both; true when the form was submitted. */
export function postForm(target: unknown, fields: unknown, widgetsOrigin: string): boolean {
  const post = resolveFormPost(target, fields, widgetsOrigin);
  if (!post) return false;
  const form = document.createElement('form');
  form.method = 'post';
  form.action = post.action;
  form.target = '_self';
  form.hidden = true;
  for (const [name, value] of post.fields) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  document.body.append(form);
  // The prototype's submit: a field named "submit" would shadow form.submit.
  HTMLFormElement.prototype.submit.call(form);
  return true;
}
