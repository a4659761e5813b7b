import type { ButtonHTMLAttributes } from 'react';

/**
 * A button that reads as a link: the flips between panels (forgot password, register instead…).
 * A pointer press does not take the focus from the field being typed in. If it did, that field's
 * blur would show its message ('Email is required.'), the message would push this button down
 * between press and release, and the click would be lost. Keyboard use is unchanged.
 */
export function LinkButton(props: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'className'>) {
  return <button {...props} type="button" className="link-button" onMouseDown={(event) => event.preventDefault()} />;
}
