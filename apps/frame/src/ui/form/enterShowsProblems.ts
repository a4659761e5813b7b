import type { KeyboardEvent } from 'react';

/** Inputs where Enter submits the form (HTML implicit submission). */
const SUBMITS_ON_ENTER = new Set(['text', 'email', 'password', 'tel', 'number', 'search', 'url']);

/**
 * A form whose submit stays disabled until it is valid (identity spec §5) ignores Enter — implicit
 * submission needs an enabled default button — so a visitor pressing Enter got no feedback at all.
 * This key handler shows every field's problem instead (`showProblems` marks all fields touched).
 */
export function enterShowsProblems(canSubmit: boolean, showProblems: () => void) {
  return (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key !== 'Enter' || canSubmit) return;
    const target = event.target;
    if (!(target instanceof HTMLInputElement) || !SUBMITS_ON_ENTER.has(target.type)) return;
    event.preventDefault();
    showProblems();
  };
}

/** Every key marked touched: what formik's submit would do, without submitting. */
export function allTouched(keys: readonly string[]): Record<string, boolean> {
  return Object.fromEntries(keys.map((key) => [key, true]));
}
