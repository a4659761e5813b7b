/**
 * One address section (purchase spec §2): the reuse checkbox that replaces it with the other
 * address, a logged-in user's saved addresses of this kind as a radio group with 'A new address'
 * (native radios: arrow keys move the choice), and the fields of a new address carrying the
 * server's `shipping …` / `billing …` autocomplete tokens.
 */
import { AttributeField } from '../_forms/AttributeField';
import type { Form } from '../_forms/useTemplateForm';
import { t } from '../../i18n';
import { entersNewAddress, NEW_ADDRESS, reused, selectedOf, type AddressConfig } from './addressConfig';
import { choiceKey, type AddressSection } from './profileFields';

export interface AddressFieldsProps {
  section: AddressSection;
  config: AddressConfig;
  /** The reuse checkbox of this section, when offered (hidden while the other section reuses this one). */
  reuse: { label: string; checked: boolean; onChange(checked: boolean): void } | null;
  mandatory: boolean;
  form: Form;
  /** Field errors from the server's last answer, by key. */
  serverError(key: string): string | null;
  showLabels: boolean;
  onSelect(id: string): void;
}

export function AddressFields({
  section,
  config,
  reuse,
  mandatory,
  form,
  serverError,
  showLabels,
  onSelect,
}: AddressFieldsProps) {
  const { kind } = section;
  const idPrefix = `product-profile-${kind}`;
  const headingId = `${idPrefix}-title`;
  const copied = reused(config, kind);
  const selected = selectedOf(config, kind);
  const choice = choiceKey(kind);
  const choiceError = form.visibleError(choice);
  const choiceErrorId = `${idPrefix}-choice-error`;
  return (
    <section className="profile-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{section.title}</h2>
      {reuse && (
        <div className="field field-checkbox">
          <input
            id={`${idPrefix}-reuse`}
            type="checkbox"
            checked={reuse.checked}
            onChange={(event) => reuse.onChange(event.target.checked)}
          />
          <label htmlFor={`${idPrefix}-reuse`}>{reuse.label}</label>
        </div>
      )}
      {!copied && section.saved.length > 0 && (
        <fieldset
          className="field field-choices"
          role="radiogroup"
          aria-required={mandatory}
          aria-invalid={choiceError ? true : undefined}
          aria-describedby={choiceError ? choiceErrorId : undefined}
        >
          <legend className="field-label">
            {t(kind === 'delivery' ? 'productProfile.chooseDelivery' : 'productProfile.chooseBilling')}
          </legend>
          {[
            ...section.saved.map((address) => ({ id: address.id, label: address.label })),
            { id: NEW_ADDRESS, label: t('productProfile.newAddress') },
          ].map((option, index) => (
            <div className="field-checkbox" key={option.id}>
              <input
                id={`${idPrefix}-choice-${index}`}
                name={`${idPrefix}-choice`}
                type="radio"
                value={option.id}
                checked={selected === option.id}
                aria-invalid={choiceError ? true : undefined}
                onChange={() => onSelect(option.id)}
              />
              <label htmlFor={`${idPrefix}-choice-${index}`}>{option.label}</label>
            </div>
          ))}
          {choiceError && (
            <p id={choiceErrorId} className="field-error">
              {choiceError}
            </p>
          )}
        </fieldset>
      )}
      {!copied &&
        entersNewAddress(config, section) &&
        section.fields.map((field) => (
          <AttributeField
            key={field.key}
            field={mandatory ? field : { ...field, mandatory: false }}
            idPrefix="product-profile"
            value={form.values[field.key] ?? ''}
            error={form.visibleError(field.key) ?? serverError(field.key)}
            showLabel={showLabels}
            onChange={(value) => form.setValue(field.key, value)}
            onBlur={() => form.touch(field.key)}
          />
        ))}
    </section>
  );
}
