/** Small shared pieces of the console's pages: tables that scroll in a labelled region, messages, the pager. */
import { useEffect, useId, useState, type ReactNode } from 'react';

/** A table with its caption, inside a region that scrolls sideways on a narrow screen (and is labelled by the caption). */
export function TableRegion({ caption, children }: { caption: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <div className="table-scroll" role="region" aria-labelledby={id} tabIndex={0}>
      <table>
        <caption id={id}>{caption}</caption>
        {children}
      </table>
    </div>
  );
}

/** A live region that is always in the page, so what is put in it is announced. */
export function Status({ children }: { children?: ReactNode }) {
  return (
    <p role="status" className={children ? 'status' : 'status empty'}>
      {children}
    </p>
  );
}

export function ErrorAlert({ children }: { children?: ReactNode }) {
  return (
    <div role="alert" className={children ? 'alert' : 'alert empty'}>
      {children}
    </div>
  );
}

/** Sets the document's title to the page's (what a screen reader says after a navigation). */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · Foyer console`;
  }, [title]);
}

/**
 * Cursor pagination for a server-paginated list: the cursors of the pages seen so far, so Previous
 * goes back without the server knowing about pages. Reset whenever the filters change.
 */
export function useCursorPager(filterKey: string) {
  const [state, setState] = useState<{ key: string; cursors: (string | undefined)[] }>({
    key: filterKey,
    cursors: [undefined],
  });
  const cursors = state.key === filterKey ? state.cursors : [undefined];
  return {
    cursor: cursors[cursors.length - 1],
    page: cursors.length,
    next: (cursor: string) => setState({ key: filterKey, cursors: [...cursors, cursor] }),
    previous: () => setState({ key: filterKey, cursors: cursors.length > 1 ? cursors.slice(0, -1) : cursors }),
  };
}

export function Pager({
  label,
  page,
  next,
  onNext,
  onPrevious,
}: {
  label: string;
  page: number;
  next: string | null | undefined;
  onNext: (cursor: string) => void;
  onPrevious: () => void;
}) {
  return (
    <nav className="pager" aria-label={`${label} pages`}>
      <button type="button" onClick={onPrevious} disabled={page <= 1}>
        Previous
      </button>
      <span>Page {page}</span>
      <button type="button" onClick={() => next && onNext(next)} disabled={!next}>
        Next
      </button>
    </nav>
  );
}

/** A term and its value in a description list. */
export function Field({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="field">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}
