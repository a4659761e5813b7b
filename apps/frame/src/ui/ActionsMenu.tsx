/**
 * A menu button (WAI-ARIA menu button pattern): Enter, Space or ArrowDown open the menu on its
 * first item, ArrowUp on its last; arrows, Home and End move between items; Escape, Tab and focus
 * moving elsewhere close it, Escape returning focus to the button. Choosing an item gives the focus
 * back to the button too, so a dialog the item opens returns it there when it closes.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';

export interface MenuItem {
  label: string;
  onSelect(): void;
}

export function ActionsMenu({ label, caption, items }: { label: string; caption: string; items: MenuItem[] }) {
  const id = useId();
  const [open, setOpen] = useState<null | 'first' | 'last'>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);

  const entries = () => [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
  useEffect(() => {
    if (!open) return;
    const all = entries();
    (open === 'first' ? all[0] : all[all.length - 1])?.focus();
  }, [open]);

  function close(returnFocus: boolean) {
    setOpen(null);
    if (returnFocus) button.current?.focus();
  }

  function onButtonKey(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(event.key === 'ArrowDown' ? 'first' : 'last');
    }
  }

  function onMenuKey(event: KeyboardEvent<HTMLUListElement>) {
    const all = entries();
    const index = all.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      event.preventDefault();
      all[(to + all.length) % all.length]?.focus();
    };
    if (event.key === 'ArrowDown') move(index + 1);
    else if (event.key === 'ArrowUp') move(index - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(all.length - 1);
    else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close(true);
    } else if (event.key === 'Tab') close(false);
  }

  return (
    <div
      className="actions-menu"
      onBlur={(event) => {
        // Focus left the button and its menu (a click elsewhere, Shift+Tab): the menu closes.
        if (open && !event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(null);
      }}
    >
      <button
        ref={button}
        type="button"
        className="button button-secondary"
        id={`${id}-button`}
        aria-haspopup="menu"
        aria-expanded={open ? true : undefined}
        aria-controls={open ? `${id}-menu` : undefined}
        aria-label={label}
        onClick={() => (open ? close(false) : setOpen('first'))}
        onKeyDown={onButtonKey}
      >
        {caption} <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <ul
          ref={menu}
          id={`${id}-menu`}
          role="menu"
          aria-labelledby={`${id}-button`}
          className="actions-menu-list"
          onKeyDown={onMenuKey}
        >
          {items.map((item) => (
            <li key={item.label} role="none">
              <button
                type="button"
                role="menuitem"
                tabIndex={-1}
                onClick={() => {
                  // The button takes the focus back first (menu button pattern): the item is about
                  // to go, and a dialog the item opens returns the focus to what had it.
                  close(true);
                  item.onSelect();
                }}
              >
                {item.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
