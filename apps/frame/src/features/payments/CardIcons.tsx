import { t } from '../../app/i18n';

/**
 * The accepted-card icons of purchase spec §2 (Visa, Mastercard, Amex), drawn inline: no image
 * request, nothing for the CSP to allow, and each has an accessible name.
 */
export function CardIcons() {
  return (
    <ul className="payment-cards" aria-label={t('payment.acceptedCards')}>
      <li>
        <svg role="img" aria-label={t('payment.card.visa')} viewBox="0 0 48 30" width="48" height="30">
          <rect width="48" height="30" rx="4" fill="#1a1f71" />
          <text x="24" y="20" textAnchor="middle" fontSize="13" fontWeight="700" fontStyle="italic" fill="#fff">
            VISA
          </text>
        </svg>
      </li>
      <li>
        <svg role="img" aria-label={t('payment.card.mastercard')} viewBox="0 0 48 30" width="48" height="30">
          <rect width="48" height="30" rx="4" fill="#252525" />
          <circle cx="19" cy="15" r="9" fill="#eb001b" />
          <circle cx="29" cy="15" r="9" fill="#f79e1b" fillOpacity="0.9" />
        </svg>
      </li>
      <li>
        <svg role="img" aria-label={t('payment.card.amex')} viewBox="0 0 48 30" width="48" height="30">
          <rect width="48" height="30" rx="4" fill="#2e77bc" />
          <text x="24" y="19" textAnchor="middle" fontSize="10" fontWeight="700" fill="#fff">
            AMEX
          </text>
        </svg>
      </li>
    </ul>
  );
}
