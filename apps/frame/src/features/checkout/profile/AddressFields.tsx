/**
 * One address section (purchase spec §2): the reuse checkbox that replaces it with the other
 * address, a logged-in user's saved addresses of this kind as a radio group with 'A new address'
 * (native radios: arrow keys move the choice), and the fields of a new address carrying the
 * server's `shipping …` / `billing …` autocomplete tokens.
 */
import { useField, useFormikContext } from 'formik';
import type { Values } from '../../../ui/form/schema';
import { t } from '../../../app/i18n';
import { entersNewAddress, NEW_ADDRESS, reused, selectedOf, type AddressConfig } from './addressConfig';
import { ProfileField } from './ProfileField';
import { choiceKey, reuseKey, type AddressSection } from './profileFields';

export interface AddressFieldsProps {
  section: AddressSection;
  config: AddressConfig;
  /** The label of this section's reuse checkbox, when offered (hidden while the other section reuses this one). */
  reuseLabel: string | null;
  mandatory: boolean;
  showLabels: boolean;
}

/** The section's fields, choice and checkbox are formik values of the profile form (its context). */
export function AddressFields({ section, config, reuseLabel, mandatory, showLabels }: AddressFieldsProps) {
  const { kind } = section;
  const { setFieldValue } = useFormikContext<Values>();
  const [, choiceMeta, choiceHelpers] = useField<string | undefined>(choiceKey(kind));
  const idPrefix = `product-profile-${kind}`;
  const headingId = `${idPrefix}-title`;
  const copied = reused(config, kind);
  const selected = selectedOf(config, kind);
  const choiceError = (choiceMeta.touched && choiceMeta.error) || null;
  const choiceErrorId = `${idPrefix}-choice-error`;
  const setReused = (checked: boolean) => {
    void setFieldValue(reuseKey(kind), String(checked));
    // No circular reuse: the other section stops copying this one.
    void setFieldValue(reuseKey(kind === 'delivery' ? 'billing' : 'delivery'), 'false');
  };
  return (
    <section className="profile-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{section.title}</h2>
      {reuseLabel && (
        <div className="field field-checkbox">
          <input
            id={`${idPrefix}-reuse`}
            type="checkbox"
            checked={copied}
            onChange={(event) => setReused(event.target.checked)}
          />
          <label htmlFor={`${idPrefix}-reuse`}>{reuseLabel}</label>
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
                onChange={() => void choiceHelpers.setValue(option.id)}
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
          <ProfileField
            key={field.key}
            field={mandatory ? field : { ...field, mandatory: false }}
            showLabel={showLabels}
          />
        ))}
    </section>
  );
}
