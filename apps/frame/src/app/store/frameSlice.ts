import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { pageSettingsSchema, type FoyerEvent, type PageSettings } from '@foyer/protocol';
import type { FoyerError } from '@foyer/api';
import { defaultFrameConfig, type FrameConfig } from '../bootstrap/config';

export type FrameMode = 'embedded' | 'standalone';

/** What the frame knows about where it runs: the route, the host's context, its status. */
export interface FrameState {
  mode: FrameMode;
  /** `connecting` until the host's context arrived and was checked. */
  status: 'connecting' | 'ready' | 'error';
  widget: string;
  config: FrameConfig;
  /** The widget's attributes, parsed by its schema (defaults applied). */
  attributes: Record<string, unknown>;
  settings: PageSettings;
  /** The host page's query parameters. */
  query: Record<string, string>;
  inModal: boolean;
  /** The host page's address (origin, path, query) when the loader sent it: direct-debit's return page. */
  hostUrl: string | null;
  error: FoyerError | null;
  /** Standalone only: the events the widget would have sent to the page, for support staff. */
  events: FoyerEvent[];
}

export function initialFrameState(partial: Partial<FrameState> = {}): FrameState {
  return {
    mode: 'standalone',
    status: 'connecting',
    widget: '',
    config: defaultFrameConfig('http://localhost'),
    attributes: {},
    settings: pageSettingsSchema.parse({}),
    query: {},
    inModal: false,
    hostUrl: null,
    error: null,
    events: [],
    ...partial,
  };
}

export const MAX_LOGGED_EVENTS = 50;

export const frameSlice = createSlice({
  name: 'frame',
  initialState: initialFrameState,
  reducers: {
    contextReady: (
      state,
      action: PayloadAction<{
        attributes: Record<string, unknown>;
        settings: PageSettings;
        query?: Record<string, string>;
        inModal: boolean;
        hostUrl?: string | null;
      }>,
    ) => {
      const { attributes, settings, query, inModal, hostUrl } = action.payload;
      return {
        ...state,
        status: 'ready',
        error: null,
        attributes,
        settings,
        query: query ?? {},
        inModal,
        hostUrl: hostUrl ?? null,
      };
    },
    frameFailed: (state, action: PayloadAction<FoyerError>) => {
      state.status = 'error';
      state.error = action.payload;
    },
    eventLogged: (state, action: PayloadAction<FoyerEvent>) => {
      state.events.push(action.payload);
      state.events.splice(0, state.events.length - MAX_LOGGED_EVENTS);
    },
  },
});

export const { contextReady, frameFailed, eventLogged } = frameSlice.actions;
export const frameReducer = frameSlice.reducer;
