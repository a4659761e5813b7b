import '../../test/setup';
import { act, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { describe, expect, it } from 'vitest';
import { makeHarness, renderWith } from '../../test/harness';
import { createAppAsyncThunk } from './asyncStatus';
import { createRequest } from './requests';
import { useRequest } from './useRequest';

/** Requests the test answers one by one; each remembers whether its signal was aborted. */
const pending = new Map<string, { answer: (text: string) => void; signal: AbortSignal }>();
const lookUp = createAppAsyncThunk<string, string>(
  'test/lookUp',
  (arg, { signal }) => new Promise<string>((answer) => pending.set(arg, { answer, signal })),
);
const lookUpRequest = createRequest<string, string>('testLookUp', lookUp);

function Shows({ word }: { word: string }) {
  const request = useRequest(lookUpRequest, word);
  return <p>{request.status === 'succeeded' ? request.data : request.status}</p>;
}

describe('useRequest', () => {
  it('asks again when the argument changes; the earlier request is aborted and its late answer dropped', async () => {
    const harness = makeHarness();
    const view = renderWith(harness, <Shows word="first" />);
    expect(screen.getByText('loading')).toBeTruthy();
    view.rerender(
      <Provider store={harness.store}>
        <Shows word="second" />
      </Provider>,
    );
    expect(pending.get('first')?.signal.aborted).toBe(true);
    await act(async () => pending.get('second')?.answer('SECOND'));
    expect(screen.getByText('SECOND')).toBeTruthy();
    await act(async () => pending.get('first')?.answer('FIRST'));
    expect(screen.getByText('SECOND')).toBeTruthy();
  });

  it('aborts the running request when the component goes', () => {
    const view = renderWith(makeHarness(), <Shows word="leaving" />);
    view.unmount();
    expect(pending.get('leaving')?.signal.aborted).toBe(true);
  });
});
