import { useId, useRef, useState } from 'react';
import type { TransferInstructions } from '@foyer/api/widget';
import { t } from '../../../app/i18n';
import { localMoney } from '../../../app/i18n/money';
import './messages';

/**
 * Where a bank transfer (or cash payment) goes, once the order is placed: beneficiary, account,
 * BIC, the order's reference (with a copy button) and the amount, as a description list a screen
 * reader reads as label–value pairs. "Done" tells the page the step is over (payment.success,
 * which closes a checkout modal): the visitor reads and copies first.
 */
export function TransferInstructionsBlock({
  instructions,
  onDone,
}: {
  instructions: TransferInstructions;
  onDone(): void;
}) {
  const id = useId();
  const reference = useRef<HTMLElement>(null);
  const [copied, setCopied] = useState<'copied' | 'failed' | null>(null);
  const [done, setDone] = useState(false);
  const amount = localMoney(instructions.amount);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(instructions.reference);
      setCopied('copied');
    } catch {
      // A frame without the clipboard permission: select the reference for the visitor to copy.
      const node = reference.current;
      const selection = window.getSelection();
      if (node && selection) {
        const range = document.createRange();
        range.selectNodeContents(node);
        selection.removeAllRanges();
        selection.addRange(range);
      }
      setCopied('failed');
    }
  };

  const rows: [string, string, boolean?][] = [
    [t('payment.transfer.beneficiary'), instructions.beneficiary],
    [t('payment.transfer.account'), instructions.account],
    ...(instructions.bic ? [[t('payment.transfer.bic'), instructions.bic] as [string, string]] : []),
    [t('payment.transfer.reference'), instructions.reference, true],
    [t('payment.transfer.amount'), amount],
  ];

  return (
    <section className="payment-transfer" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('payment.transfer.title')}</h2>
      <p>{t('payment.transfer.intro', [amount])}</p>
      <dl className="payment-transfer-details">
        {rows.map(([label, value, isReference]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>
              {isReference ? (
                <code ref={reference} className="payment-transfer-reference">
                  {value}
                </code>
              ) : (
                value
              )}
            </dd>
          </div>
        ))}
      </dl>
      <div className="payment-transfer-actions">
        <button type="button" className="button button-secondary" onClick={() => void copy()}>
          {t('payment.transfer.copy')}
        </button>
        {!done && (
          <button
            type="button"
            className="button"
            onClick={() => {
              setDone(true);
              onDone();
            }}
          >
            {t('payment.transfer.done')}
          </button>
        )}
      </div>
      <p className="payment-transfer-copied" role="status" aria-live="polite">
        {copied && t(copied === 'copied' ? 'payment.transfer.copied' : 'payment.transfer.copyFailed')}
      </p>
    </section>
  );
}
