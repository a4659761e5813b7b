import { useEffect, useMemo, useRef, useState } from 'react';
import type { FoyerError } from '@foyer/api';
import { catalogueError, type AddressKind, type Basket, type ProfileGroups } from '@foyer/api/widget';
import type { ProductProfileAttributes } from '@foyer/protocol';
import { AttributeField } from '../_forms/AttributeField';
import type { Values } from '../_forms/schema';
import { useTemplateForm as useForm } from '../_forms/useTemplateForm';
import { ErrorMessageBox } from '../../components/ErrorMessageBox';
import { SubmitButton } from '../../components/Loading';
import { t } from '../../i18n';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { useBasket } from '../_purchase/useBasket';
import { useServices } from '../_purchase/useServices';
import {
  addressMandatory,
  basketAddressGroups,
  basketAddressValues,
  currentConfig,
  initialConfig,
  reuseOffered,
  sectionShown,
  type AddressConfig,
  type AddressOptions,
} from './addressConfig';
import { AddressFields } from './AddressFields';
import { applyAttributeMapping, credentials, profilePayload } from './payload';
import { allFields, initialValues, profileFields } from './profileFields';
import { saveProfile } from './save';
import { invalidKeys, serverNames, validateProfile } from './validate';

export interface ProfileFormProps {
  attributes: ProductProfileAttributes;
  serviceName: string;
  groups: ProfileGroups;
  onSaved(): void;
}

/** Field errors of the server's last INVALID_FORM answer, kept while the field holds the refused value. */
type ServerErrors = Record<string, { value: string; text: string }>;

function withAddresses(basket: Basket, groups: Partial<Record<AddressKind, Basket['deliveryAddressGroup']>>): Basket {
  const { deliveryAddressGroup: _delivery, billingAddressGroup: _billing, ...rest } = basket;
  return {
    ...rest,
    ...(groups.delivery ? { deliveryAddressGroup: groups.delivery } : {}),
    ...(groups.billing ? { billingAddressGroup: groups.billing } : {}),
  };
}

/**
 * The product profile form (purchase spec §2, §5): detail sections, the address sections the
 * basket needs, and the save of §4. A refused submit keeps everything typed, shows INVALID_FORM
 * 'Invalid profile' with each offending field marked, and moves focus to the first of them.
 */
export function ProfileForm({ attributes, serviceName, groups, onSaved }: ProfileFormProps) {
  const dispatch = useAppDispatch();
  const services = useServices();
  const loggedIn = useAppSelector((state) => state.session.loggedIn);
  const settings = useAppSelector((state) => state.frame.settings);
  const [basket, update] = useBasket();
  const fields = useMemo(() => profileFields(groups, loggedIn), [groups, loggedIn]);
  const options: AddressOptions = {
    showDelivery: attributes.showDelivery,
    showBilling: attributes.showBilling,
    useBillingOption: attributes.useBillingOption,
  };
  const [configState, setConfig] = useState<AddressConfig>(() => initialConfig(basket, fields));
  const config = currentConfig(configState, basket, options);
  const [problem, setProblem] = useState<FoyerError | null>(null);
  const [serverErrors, setServerErrors] = useState<ServerErrors>({});
  const [focusRequest, setFocusRequest] = useState(0);
  const createdGuid = useRef<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (!focusRequest) return;
    const first = formRef.current?.querySelector<HTMLElement>(
      'input[aria-invalid="true"], select[aria-invalid="true"], [aria-invalid="true"] input',
    );
    first?.focus();
  }, [focusRequest]);

  const fail = (error: FoyerError) => {
    setProblem(error);
    setFocusRequest((count) => count + 1);
    services.host.publish({
      name: 'productProfile.failed',
      payload: { code: error.code, statusCode: error.statusCode },
    });
  };

  const submit = async (values: Values) => {
    setProblem(null);
    setServerErrors({});
    const result = await dispatch(
      saveProfile({
        serviceName,
        payload: applyAttributeMapping(
          profilePayload(fields, values, config, options, loggedIn),
          settings.attributeMapping,
        ),
        credentials: credentials(fields, values),
        login: !attributes.skipLogin && !settings.skipSessionCreation,
        createdGuid: createdGuid.current,
      }),
    );
    if (!result.ok) {
      createdGuid.current = result.createdGuid;
      if (result.error.code === 'INVALID_FORM') {
        const names = serverNames(fields, settings.attributeMapping);
        const marked: ServerErrors = {};
        for (const key of invalidKeys(result.error.args, names)) {
          const field = allFields(fields).find((candidate) => candidate.key === key);
          marked[key] = { value: values[key] ?? '', text: t('productProfile.checkField', [field?.label ?? key]) };
        }
        setServerErrors(marked);
      }
      fail(result.error);
      return;
    }
    createdGuid.current = null;
    const addresses = basketAddressGroups(config, options, fields, values);
    update((current) => withAddresses(current, addresses));
    services.host.publish({ name: 'productProfile.success', payload: { guid: result.guid } });
    onSaved();
  };

  const form = useForm({
    initialValues: { ...initialValues(fields), ...basketAddressValues(basket, fields) },
    validate: (values) => validateProfile(fields, values, config, options),
    onInvalid: () => fail(catalogueError('INVALID_FORM')),
    onSubmit: submit,
  });

  const serverError = (key: string) => {
    const entry = serverErrors[key];
    return entry && entry.value === (form.values[key] ?? '') ? entry.text : null;
  };
  const fieldError = (key: string) => form.visibleError(key) ?? serverError(key);
  const offered = reuseOffered(config, options);

  return (
    <form ref={formRef} noValidate onSubmit={form.handleSubmit} aria-busy={form.submitting}>
      {problem && attributes.showErrorMsgs && <ErrorMessageBox error={problem} onClose={() => setProblem(null)} />}
      {fields.details.map((section) => (
        <section
          key={section.name}
          className="profile-section"
          aria-labelledby={`product-profile-${section.name}-title`}
        >
          <h2 id={`product-profile-${section.name}-title`}>{section.title}</h2>
          {section.fields.map((field) => (
            <AttributeField
              key={field.key}
              field={field}
              idPrefix="product-profile"
              value={form.values[field.key] ?? ''}
              error={fieldError(field.key)}
              showLabel={attributes.showLabels}
              onChange={(value) => form.setValue(field.key, value)}
              onBlur={() => form.touch(field.key)}
            />
          ))}
        </section>
      ))}
      {(['delivery', 'billing'] as const).map((kind) => {
        const section = fields.addresses[kind];
        if (!section || !sectionShown(config, options, kind)) return null;
        // Each section offers to become a copy of the other, unless the other already copies it.
        const mine = kind === 'delivery' ? 'useBillingAddress' : 'useDeliveryAddress';
        const theirs = kind === 'delivery' ? 'useDeliveryAddress' : 'useBillingAddress';
        const reuse =
          offered && !config[theirs]
            ? {
                label: t(
                  kind === 'delivery' ? 'productProfile.useBillingForDelivery' : 'productProfile.useDeliveryForBilling',
                ),
                checked: config[mine],
                onChange: (checked: boolean) =>
                  setConfig((current) => ({ ...current, [mine]: checked, [theirs]: false })),
              }
            : null;
        return (
          <AddressFields
            key={kind}
            section={section}
            config={config}
            reuse={reuse}
            mandatory={addressMandatory(config, kind)}
            form={form}
            serverError={serverError}
            showLabels={attributes.showLabels}
            onSelect={(id) =>
              setConfig((current) => ({
                ...current,
                [kind === 'delivery' ? 'selectedDeliveryAddress' : 'selectedBillingAddress']: id,
              }))
            }
          />
        );
      })}
      <div className="actions">
        <SubmitButton
          busy={form.submitting}
          label={attributes.submitLabel ?? t('productProfile.submit')}
          busyLabel={t('productProfile.submitting')}
        />
      </div>
    </form>
  );
}
