/**
 * The account area's tables (purchases, subscriptions, beneficiaries, invitations), shared so each
 * column's translated label is written once: it is the column's header and the `data-label` of
 * every cell below it, which names the cell when a narrow frame stacks each row as a card
 * (account-area.css).
 *
 * Explicit ARIA roles on every table part: the stacked layout sets the table's parts to
 * `display: block`, and some browsers (WebKit, on the very phones that get this layout) then drop
 * the table from the accessibility tree, leaving screen readers loose values without their
 * headers. With the roles the table, its headers and cells stay a table at every width, so the
 * labels the stacked layout draws are hidden from screen readers (they would hear each twice).
 */
import { createContext, useContext, type HTMLAttributes, type ReactNode } from 'react';

export interface AccountColumn {
  /** The header's text; the label of each of the column's cells too. */
  label: string;
  /** The header is read but not shown (a column of buttons, which name themselves). */
  headerHidden?: boolean;
  /** A column of buttons: stacked, its cells show no label before them. */
  action?: boolean;
}

/** More columns than this stack at a larger width (account-area.css). */
const WIDE = 4;

const Columns = createContext<readonly AccountColumn[]>([]);

export function AccountTable({
  caption,
  className,
  columns,
  children,
}: {
  caption?: string;
  className?: string;
  /** The first column holds each row's header (a product's name, an e-mail address). */
  columns: readonly AccountColumn[];
  /** The rows: AccountTableRow elements. */
  children: ReactNode;
}) {
  return (
    <div className={columns.length > WIDE ? 'account-table-wrap account-table-wrap-wide' : 'account-table-wrap'}>
      <div className="account-table-scroll">
        <table role="table" className={className ? `account-table ${className}` : 'account-table'}>
          {caption && <caption className="visually-hidden">{caption}</caption>}
          <thead role="rowgroup">
            <tr role="row">
              {columns.map((column) => (
                <th key={column.label} scope="col" role="columnheader">
                  {column.headerHidden ? <span className="visually-hidden">{column.label}</span> : column.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody role="rowgroup">
            <Columns.Provider value={columns}>{children}</Columns.Provider>
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** One row: its header first, then one cell per further column, each labelled by its column. */
export function AccountTableRow({
  cells,
  ...attributes
}: { cells: readonly ReactNode[] } & Omit<HTMLAttributes<HTMLTableRowElement>, 'children' | 'role'>) {
  const columns = useContext(Columns);
  const [header, ...rest] = cells;
  return (
    <tr role="row" {...attributes}>
      <th scope="row" role="rowheader" data-label={columns[0]?.label}>
        {header}
      </th>
      {rest.map((cell, index) => {
        const column = columns[index + 1];
        return (
          <td
            key={index}
            role="cell"
            data-label={column?.label}
            className={column?.action ? 'account-action-cell' : undefined}
          >
            {cell}
          </td>
        );
      })}
    </tr>
  );
}
