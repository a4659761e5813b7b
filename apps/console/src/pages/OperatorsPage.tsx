/**
 * Operators (owners only): who may use the console and with which role; a new operator's TOTP
 * secret and otpauth URL are shown once, right after creating it, and never again.
 */
import { OPERATOR_ROLES, ROLE_LABELS, type OperatorRole } from '@foyer/api/admin';
import { useFormik } from 'formik';
import { useState } from 'react';
import * as yup from 'yup';
import {
  errorText,
  useCreateOperatorMutation,
  useListOperatorsQuery,
  useUpdateOperatorMutation,
  type OperatorCreated,
} from '../api/adminApi';
import { usePermission } from '../app/hooks';
import { formatDateTime } from '../ui/format';
import { ErrorAlert, Status, TableRegion, usePageTitle } from '../ui/parts';

const newOperator = yup.object({
  email: yup.string().trim().required('Enter an e-mail address.').email('Enter a valid e-mail address.'),
  name: yup.string().trim().required('Enter a name.').max(200),
  role: yup
    .string()
    .oneOf([...OPERATOR_ROLES])
    .required(),
  password: yup.string().required('Enter a password.').min(12, 'The password needs at least 12 characters.'),
  totp: yup.boolean(),
});

export function OperatorsPage() {
  usePageTitle('Operators');
  const allowed = usePermission('operators:manage');
  const list = useListOperatorsQuery(undefined, { skip: !allowed });
  const [update, updating] = useUpdateOperatorMutation();
  const [message, setMessage] = useState('');
  const [failure, setFailure] = useState('');

  if (!allowed)
    return (
      <>
        <h1>Operators</h1>
        <p>Only owners manage operators.</p>
      </>
    );

  const change = async (id: string, body: { role?: OperatorRole; disabled?: boolean }, done: string) => {
    setMessage('');
    setFailure('');
    try {
      await update({ id, ...body }).unwrap();
      setMessage(done);
    } catch (error) {
      setFailure(errorText(error));
    }
  };

  return (
    <>
      <h1>Operators</h1>
      <Status>{message}</Status>
      <ErrorAlert>{failure || (list.isError ? errorText(list.error) : null)}</ErrorAlert>
      {list.data ? (
        <TableRegion caption="Operators">
          <thead>
            <tr>
              <th scope="col">E-mail</th>
              <th scope="col">Name</th>
              <th scope="col">Role</th>
              <th scope="col">Second factor</th>
              <th scope="col">Last sign-in</th>
              <th scope="col">Access</th>
            </tr>
          </thead>
          <tbody>
            {list.data.items.map((operator) => (
              <tr key={operator.id}>
                <th scope="row">{operator.email}</th>
                <td>{operator.name}</td>
                <td>
                  <select
                    aria-label={`Role of ${operator.email}`}
                    value={operator.role}
                    disabled={updating.isLoading}
                    onChange={(event) =>
                      void change(
                        operator.id,
                        { role: event.target.value as OperatorRole },
                        `${operator.email} is now ${ROLE_LABELS[event.target.value as OperatorRole]}.`,
                      )
                    }
                  >
                    {OPERATOR_ROLES.map((role) => (
                      <option key={role} value={role}>
                        {ROLE_LABELS[role]}
                      </option>
                    ))}
                  </select>
                </td>
                <td>{operator.totp ? 'yes' : 'no'}</td>
                <td>{formatDateTime(operator.lastLoginAt)}</td>
                <td>
                  <button
                    type="button"
                    disabled={updating.isLoading}
                    aria-label={`${operator.disabledAt ? 'Enable' : 'Disable'} ${operator.email}`}
                    onClick={() =>
                      void change(
                        operator.id,
                        { disabled: !operator.disabledAt },
                        `${operator.email} is ${operator.disabledAt ? 'enabled' : 'disabled'}.`,
                      )
                    }
                  >
                    {operator.disabledAt ? 'Enable' : 'Disable'}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </TableRegion>
      ) : (
        <Status>{list.isFetching ? 'Loading operators…' : null}</Status>
      )}
      <CreateOperator />
    </>
  );
}

function CreateOperator() {
  const [create] = useCreateOperatorMutation();
  const [created, setCreated] = useState<OperatorCreated | null>(null);
  const [failure, setFailure] = useState('');
  const form = useFormik({
    initialValues: { email: '', name: '', role: 'support' as OperatorRole, password: '', totp: true },
    validationSchema: newOperator,
    validateOnBlur: false,
    validateOnChange: false,
    onSubmit: async (values, helpers) => {
      setFailure('');
      setCreated(null);
      try {
        const answer = await create({
          email: values.email.trim(),
          name: values.name.trim(),
          role: values.role,
          password: values.password,
          // Owners always have a second factor.
          totp: values.role === 'owner' || values.totp,
        }).unwrap();
        setCreated(answer);
        helpers.resetForm();
      } catch (error) {
        setFailure(errorText(error));
      }
    },
  });
  const fieldError = (name: 'email' | 'name' | 'password') =>
    form.errors[name] ? (
      <p className="field-error" id={`new-${name}-error`}>
        {form.errors[name]}
      </p>
    ) : null;
  const invalid = (name: 'email' | 'name' | 'password') => ({
    'aria-invalid': !!form.errors[name],
    'aria-describedby': form.errors[name] ? `new-${name}-error` : undefined,
  });

  return (
    <section aria-labelledby="new-operator-heading">
      <h2 id="new-operator-heading">New operator</h2>
      {created ? (
        <div role="status" className="secret">
          <p>
            {created.operator.email} can now sign in as {ROLE_LABELS[created.operator.role]}.
          </p>
          {created.totpSecret ? (
            <>
              <p>Give them this second-factor secret for their authenticator app. It is shown only now.</p>
              <dl className="details">
                <div className="field">
                  <dt>Secret</dt>
                  <dd>
                    <code>{created.totpSecret}</code>
                  </dd>
                </div>
                {created.otpauthUrl ? (
                  <div className="field">
                    <dt>otpauth URL</dt>
                    <dd>
                      <code className="wrap">{created.otpauthUrl}</code>
                    </dd>
                  </div>
                ) : null}
              </dl>
            </>
          ) : null}
          <button type="button" onClick={() => setCreated(null)}>
            Done, hide it
          </button>
        </div>
      ) : null}
      <ErrorAlert>{failure}</ErrorAlert>
      <form noValidate className="stacked" onSubmit={form.handleSubmit}>
        <label htmlFor="new-email">E-mail address</label>
        <input
          id="new-email"
          name="email"
          type="email"
          autoComplete="off"
          value={form.values.email}
          onChange={form.handleChange}
          {...invalid('email')}
        />
        {fieldError('email')}
        <label htmlFor="new-name">Name</label>
        <input
          id="new-name"
          name="name"
          autoComplete="off"
          value={form.values.name}
          onChange={form.handleChange}
          {...invalid('name')}
        />
        {fieldError('name')}
        <label htmlFor="new-role">Role</label>
        <select id="new-role" name="role" value={form.values.role} onChange={form.handleChange}>
          {OPERATOR_ROLES.map((role) => (
            <option key={role} value={role}>
              {ROLE_LABELS[role]}
            </option>
          ))}
        </select>
        <label htmlFor="new-password">Password (at least 12 characters)</label>
        <input
          id="new-password"
          name="password"
          type="password"
          autoComplete="new-password"
          value={form.values.password}
          onChange={form.handleChange}
          {...invalid('password')}
        />
        {fieldError('password')}
        <div className="check">
          <input
            id="new-totp"
            name="totp"
            type="checkbox"
            checked={form.values.role === 'owner' || form.values.totp}
            disabled={form.values.role === 'owner'}
            onChange={form.handleChange}
          />
          <label htmlFor="new-totp">Require a second factor (always for owners)</label>
        </div>
        <div className="actions">
          <button type="submit" className="primary" disabled={form.isSubmitting}>
            Create operator
          </button>
        </div>
      </form>
    </section>
  );
}
