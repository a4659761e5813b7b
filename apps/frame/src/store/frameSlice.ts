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
    error: null,
    events: [],
    ...partial,
  };
}

export const MAX_LOGGED_EVENTS = 50;

export const frameSlice = createSlice({
  name: 'frame',
  initialState: initialFrameState(),
  reducers: {
    contextReady: (
      state,
      action: PayloadAction<{
        attributes: Record<string, unknown>;
        settings: PageSettings;
        query?: Record<string, string>;
        inModal: boolean;
      }>,
    ) => {
      state.status = 'ready';
      state.error = null;
      state.attributes = action.payload.attributes;
      state.settings = action.payload.settings;
      state.query = action.payload.query ?? {};
      state.inModal = action.payload.inModal;
    },
    frameFailed: (state, action: PayloadAction<FoyerError>) => {
      state.status = 'error';
      state.error = action.payload;
    },
    eventLogged: (state, action: PayloadAction<FoyerEvent>) => {
      state.events.push(action.payload);
      if (state.events.length > MAX_LOGGED_EVENTS) state.events.shift();
    },
  },
});

export const { contextReady, frameFailed, eventLogged } = frameSlice.actions;
