/**
 * Edit social profile's data (identity spec §2): the form of an authentication scheme — its
 * registration template's identifiers and validators without password fields — and the user's
 * profile for the values. The scheme is the widget's, else the one an auth-scheme-failed notice
 * named, else the service's (GET /service/:name).
 */
import { foyerError, type Template, type UserProfile } from '@foyer/api';
import * as identityApi from '@foyer/api/endpoints';
import { createAppAsyncThunk } from '../../app/store/asyncStatus';
import { callIdentity } from '../../app/store/identityClient';
import { createRequest } from '../../app/store/requests';
import { selectServiceName } from '../../app/store/selectors';
import { fieldOf, isPasswordAttribute, type FieldSpec } from '../../ui/form/fields';
import { fetchProfile } from './profileData';

export interface SocialProfileForm {
  scheme: string;
  serviceName: string;
  template: Template;
  profile: UserProfile;
}

const PASSWORD_NAMES = new Set(['password', 'confirmpassword']);

/** The identifier and validator fields, without password and confirmPassword (identity spec §2). */
export function socialProfileFields(template: Template): FieldSpec[] {
  const shown = (attribute: Template['identifiers'][number]) =>
    !isPasswordAttribute(attribute) && !PASSWORD_NAMES.has(attribute.name.toLowerCase());
  return [
    ...template.identifiers.filter(shown).map((attribute) => fieldOf('identifier', attribute)),
    ...template.validators.filter(shown).map((attribute) => fieldOf('validator', attribute)),
  ];
}

export const socialProfileFormRequest = createRequest<SocialProfileForm, { scheme: string | undefined }>(
  'socialProfileForm',
  createAppAsyncThunk<SocialProfileForm, { scheme: string | undefined }>(
    'socialProfileForm/load',
    async ({ scheme: named }, api) => {
      const state = api.getState();
      if (!state.session.loggedIn) return api.rejectWithValue(foyerError('USER_SESSION_EMPTY'));
      const serviceName = selectServiceName(state);
      let scheme = named?.trim() ?? '';
      if (!scheme) {
        if (!serviceName) return api.rejectWithValue(foyerError('SERVICE_NAME_EMPTY'));
        const service = await callIdentity(api, identityApi.getService, {
          params: { name: serviceName },
          signal: api.signal,
        });
        if (!service.ok) return api.rejectWithValue(service.error);
        scheme = service.data.authenticationSchemeName;
      }
      const [template, profile] = await Promise.all([
        callIdentity(api, identityApi.getRegistrationTemplate, { params: { scheme }, signal: api.signal }),
        api.dispatch(fetchProfile(false)),
      ]);
      if (!template.ok) return api.rejectWithValue(template.error);
      if (!profile.ok) return api.rejectWithValue(profile.error);
      return { scheme, serviceName, template: template.data, profile: profile.profile };
    },
  ),
);
