import { foyerError } from '@foyer/api';
import { describe, expect, it } from 'vitest';
import { makeHarness } from '../../test/harness';
import { createAppAsyncThunk } from './asyncStatus';
import { createRequest } from './requests';

/** A request whose answers the test releases in any order. */
const gates = new Map<string, (answer: string | null) => void>();
const echo = createAppAsyncThunk<string, string>('test/echo', (arg, { rejectWithValue }) =>
  new Promise<string | null>((resolve) => gates.set(arg, resolve)).then(
    (answer) => answer ?? rejectWithValue(foyerError('NETWORK_ERROR', [], 0)),
  ),
);
const echoRequest = createRequest<string, string>('testEcho', echo);

describe('requests in the store', () => {
  it('idle before it starts, loading, then the answer', async () => {
    const { store } = makeHarness();
    expect(echoRequest.select(store.getState())).toMatchObject({ status: 'idle', data: null });
    const running = store.dispatch(echoRequest.start('a'));
    expect(echoRequest.select(store.getState()).status).toBe('loading');
    gates.get('a')?.('A');
    await running;
    expect(echoRequest.select(store.getState())).toMatchObject({ status: 'succeeded', data: 'A', error: null });
  });

  it('keeps only the newest request’s answer, whatever order the answers come in', async () => {
    const { store } = makeHarness();
    const older = store.dispatch(echoRequest.start('old'));
    const newer = store.dispatch(echoRequest.start('new'));
    gates.get('new')?.('NEW');
    await newer;
    gates.get('old')?.('OLD');
    await older;
    expect(echoRequest.select(store.getState())).toMatchObject({ status: 'succeeded', data: 'NEW' });
  });

  it('a failure carries its FoyerError and keeps the last answer', async () => {
    const { store } = makeHarness();
    const first = store.dispatch(echoRequest.start('x'));
    gates.get('x')?.('X');
    await first;
    const second = store.dispatch(echoRequest.start('y'));
    gates.get('y')?.(null);
    await second;
    expect(echoRequest.select(store.getState())).toMatchObject({
      status: 'failed',
      data: 'X',
      error: { code: 'NETWORK_ERROR' },
    });
  });

  it('an aborted request leaves nothing behind: idle, and its late answer is dropped', async () => {
    const { store } = makeHarness();
    const running = store.dispatch(echoRequest.start('gone'));
    running.abort();
    await running;
    expect(echoRequest.select(store.getState()).status).toBe('idle');
    gates.get('gone')?.('LATE');
    await Promise.resolve();
    expect(echoRequest.select(store.getState())).toMatchObject({ status: 'idle', data: null });
  });
});
