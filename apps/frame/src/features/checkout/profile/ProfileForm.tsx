import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { FormikProvider, useFormik } from 'formik';
import type { FoyerError } from '@foyer/api';
import { catalogueError, type AddressKind, type Basket, type ProfileGroups } from '@foyer/api/widget';
import type { ProductProfileAttributes } from '@foyer/protocol';
import { Captcha } from '../../../ui/form/Captcha';
import { allTouched } from '../../../ui/form/enterShowsProblems';
import { MessageBox } from '../../../ui/form/MessageBox';
import type { Values } from '../../../ui/form/schema';
import { ErrorMessageBox } from '../../../ui/ErrorMessageBox';
import { SubmitButton } from '../../../ui/Loading';
import { t } from '../../../app/i18n';
import { useAppDispatch, useAppSelector } from '../../../app/store/hooks';
import { useBasket } from '../../../app/store/useBasket';
import { deliveryDaysRequest } from '../../../app/store/deliveryDays';
import { useServices } from '../../../app/store/useServices';
import { useRequest } from '../../../app/store/useRequest';
import {
  addressChoiceValues,
  addressMandatory,
  basketAddressGroups,
  basketAddressValues,
  configOf,
  initialConfig,
  reuseOffered,
  sectionShown,
  type AddressOptions,
} from './addressConfig';
import { AddressFields } from './AddressFields';
import { deliveredProducts, deliveryStartRules, deliveryStartValues, withDeliveryStarts } from './deliveryStart';
import { DeliveryStartFields } from './DeliveryStartFields';
import { applyAttributeMapping, credentials, profilePayload } from './payload';
import { ProfileField, type ProfileStatus, type ServerErrors } from './ProfileField';
import { allFields, initialValues, profileFields } from './profileFields';
import { saveProfile } from './save';
import { invalidKeys, profileSchema, serverNames } from './validate';

export interface ProfileFormProps {
  attributes: ProductProfileAttributes;
  serviceName: string;
  groups: ProfileGroups;
  /** The sign-up's captcha (siteKey.ts); null: none, or a visitor with a session (an update). */
  recaptchaSiteKey?: string | null;
  onSaved(): void;
}

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
 * basket needs, and the save of §4. Formik holds every value — the fields, the reuse checkboxes
 * and the saved-address choices — and validates them with the profile's yup schema (validate.ts).
 * A refused submit keeps everything typed, shows INVALID_FORM 'Invalid profile' with each
 * offending field marked, and moves focus to the first of them.
 */
export function ProfileForm({ attributes, serviceName, groups, recaptchaSiteKey = null, onSaved }: ProfileFormProps) {
  const dispatch = useAppDispatch();
  const services = useServices();
  const loggedIn = useAppSelector((state) => state.session.loggedIn);
  const settings = useAppSelector((state) => state.frame.settings);
  const [basket, update] = useBasket();
  const fields = useMemo(() => profileFields(groups, loggedIn), [groups, loggedIn]);
  const { showDelivery, showBilling, useBillingOption } = attributes;
  const options = useMemo<AddressOptions>(
    () => ({ showDelivery, showBilling, useBillingOption }),
    [showDelivery, showBilling, useBillingOption],
  );
  // The delivered products' days (earliest delivery, the server's today) for the delivery start.
  const delivered = deliveredProducts(basket);
  const deliveredNames = delivered.map((product) => product.name);
  const days = useRequest(deliveryDaysRequest, { products: deliveredNames }, { skip: !deliveredNames.length });
  const knownDays = days.status === 'succeeded' ? days.data : null;
  const schema = useMemo(
    () =>
      profileSchema(
        fields,
        (values) => configOf(values, basket, options),
        options,
        deliveryStartRules(basket, knownDays),
      ),
    [fields, basket, options, knownDays],
  );
  const [problem, setProblem] = useState<FoyerError | null>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  const createdGuid = useRef<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const siteKey = loggedIn ? null : recaptchaSiteKey;
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [captchaReset, setCaptchaReset] = useState(0);
  const [captchaMissing, setCaptchaMissing] = useState(false);
  const [verifyAgain, setVerifyAgain] = useState(false);
  const onCaptcha = useCallback((response: string | null) => {
    setCaptcha(response);
    if (response) setCaptchaMissing(false);
  }, []);

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

  const save = async (values: Values) => {
    const config = configOf(values, basket, options);
    setProblem(null);
    setVerifyAgain(false);
    if (siteKey && !captcha) {
      setCaptchaMissing(true);
      fail(catalogueError('RECAPTCHA_VERIFICATION_FAILED'));
      return;
    }
    formik.setStatus({ serverErrors: {} } satisfies ProfileStatus);
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
        recaptchaResponse: siteKey ? captcha : null,
      }),
    );
    // A captcha token is single-use: whatever the answer, the next try needs a new one.
    if (siteKey) setCaptchaReset((count) => count + 1);
    if (!result.ok) {
      createdGuid.current = result.createdGuid;
      if (result.verifyAgain) {
        setVerifyAgain(true);
        return;
      }
      if (result.error.code === 'INVALID_FORM') {
        const names = serverNames(fields, settings.attributeMapping);
        const marked: ServerErrors = {};
        for (const key of invalidKeys(result.error.args, names)) {
          const field = allFields(fields).find((candidate) => candidate.key === key);
          marked[key] = { value: values[key] ?? '', text: t('productProfile.checkField', [field?.label ?? key]) };
        }
        formik.setStatus({ serverErrors: marked } satisfies ProfileStatus);
      }
      fail(result.error);
      return;
    }
    createdGuid.current = null;
    const addresses = basketAddressGroups(config, options, fields, values);
    update((current) => withDeliveryStarts(withAddresses(current, addresses), values));
    services.host.publish({ name: 'productProfile.success', payload: { guid: result.guid } });
    onSaved();
  };

  const formik = useFormik<Values>({
    initialValues: {
      ...initialValues(fields),
      ...basketAddressValues(basket, fields),
      ...addressChoiceValues(initialConfig(basket, fields)),
      ...deliveryStartValues(basket),
    },
    initialStatus: { serverErrors: {} } satisfies ProfileStatus,
    validationSchema: schema,
    onSubmit: save,
  });

  // The basket (another frame) can change which addresses are required: the errors follow.
  const { validateForm } = formik;
  useEffect(() => {
    void validateForm();
  }, [schema, validateForm]);

  /** formik submits only a valid form; a refused one is the spec's INVALID_FORM, every problem shown. */
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (formik.isSubmitting) return;
    const problems = await formik.validateForm();
    if (!Object.keys(problems).length) return formik.submitForm();
    void formik.setTouched(allTouched([...Object.keys(formik.values), ...Object.keys(problems)]), false);
    fail(catalogueError('INVALID_FORM'));
  };

  const config = configOf(formik.values, basket, options);
  const offered = reuseOffered(config, options);

  return (
    <FormikProvider value={formik}>
      <form ref={formRef} noValidate onSubmit={(event) => void submit(event)} aria-busy={formik.isSubmitting}>
        {problem && attributes.showErrorMsgs && <ErrorMessageBox error={problem} onClose={() => setProblem(null)} />}
        {verifyAgain && (
          <MessageBox
            severity="warning"
            text={t('productProfile.verifyToLogIn')}
            onClose={() => setVerifyAgain(false)}
          />
        )}
        {fields.details.map((section) => (
          <section
            key={section.name}
            className="profile-section"
            aria-labelledby={`product-profile-${section.name}-title`}
          >
            <h2 id={`product-profile-${section.name}-title`}>{section.title}</h2>
            {section.fields.map((field) => (
              <ProfileField key={field.key} field={field} showLabel={attributes.showLabels} />
            ))}
          </section>
        ))}
        {(['delivery', 'billing'] as const).map((kind) => {
          const section = fields.addresses[kind];
          if (!section || !sectionShown(config, options, kind)) return null;
          // Each section offers to become a copy of the other, unless the other already copies it.
          const theirs = kind === 'delivery' ? 'useDeliveryAddress' : 'useBillingAddress';
          const reuseLabel =
            offered && !config[theirs]
              ? t(kind === 'delivery' ? 'productProfile.useBillingForDelivery' : 'productProfile.useDeliveryForBilling')
              : null;
          return (
            <AddressFields
              key={kind}
              section={section}
              config={config}
              reuseLabel={reuseLabel}
              mandatory={addressMandatory(config, kind)}
              showLabels={attributes.showLabels}
            />
          );
        })}
        {knownDays && <DeliveryStartFields products={delivered} days={knownDays} />}
        {siteKey && (
          <Captcha
            id="product-profile-captcha"
            siteKey={siteKey}
            onChange={onCaptcha}
            resetKey={captchaReset}
            error={captchaMissing ? t('RECAPTCHA_VERIFICATION_FAILED') : null}
          />
        )}
        <div className="actions">
          <SubmitButton
            busy={formik.isSubmitting}
            label={attributes.submitLabel ?? t('productProfile.submit')}
            busyLabel={t('productProfile.submitting')}
          />
        </div>
      </form>
    </FormikProvider>
  );
}
