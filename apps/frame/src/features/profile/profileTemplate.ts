/**
 * The attribute definitions the profile widget shows the account's values with (label, type,
 * options): the service's profile template (GET /ui/template/profile/:service), the same the edit
 * profile widget builds its form from. A slice of its own, asked once per service.
 */
import type { Attribute } from '@foyer/api';
import * as identityApi from '@foyer/api/endpoints';
import { createAppAsyncThunk } from '../../app/store/asyncStatus';
import { callIdentity } from '../../app/store/identityClient';
import { createRequest } from '../../app/store/requests';

export type AttributeDefinitions = Readonly<Record<string, Attribute>>;

export const profileTemplateRequest = createRequest<AttributeDefinitions, string>(
  'profileDisplayTemplate',
  createAppAsyncThunk<AttributeDefinitions, string>('profileDisplayTemplate/load', async (service, api) => {
    const result = await callIdentity(
      api,
      identityApi.getProfileTemplate,
      { params: { service }, signal: api.signal },
      // The profile's own request tells of an expired session; this one only adds labels.
      { handleExpiry: false },
    );
    if (!result.ok) return api.rejectWithValue(result.error);
    const { identifiers, validators, attributes } = result.data;
    return Object.fromEntries([...identifiers, ...validators, ...attributes].map((a) => [a.name, a]));
  }),
);
