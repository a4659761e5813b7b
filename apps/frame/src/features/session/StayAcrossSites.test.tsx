import '../../test/setup';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeHarness, renderWith } from '../../test/harness';
import { StayAcrossSites } from './StayAcrossSites';

function storageAccessDocument(hasAccess: boolean) {
  return {
    hasStorageAccess: vi.fn(() => Promise.resolve(hasAccess)),
    requestStorageAccess: vi.fn(() => Promise.resolve()),
  };
}

function show(doc: ReturnType<typeof storageAccessDocument>) {
  const harness = makeHarness({ frame: { mode: 'embedded' } });
  return renderWith(harness, <StayAcrossSites doc={doc as unknown as Document} />);
}

afterEach(() => vi.unstubAllGlobals());

describe("'Stay signed in across sites'", () => {
  it('is offered where the embedded frame has no storage access', async () => {
    show(storageAccessDocument(false));
    expect(await screen.findByRole('button', { name: 'Stay signed in across sites' })).toBeTruthy();
  });

  it('is not offered when access is there, nor when the visitor granted it before (access is taken again)', async () => {
    const granted = storageAccessDocument(false);
    vi.stubGlobal('navigator', { permissions: { query: () => Promise.resolve({ state: 'granted' }) } });
    show(granted);
    await waitFor(() => expect(granted.requestStorageAccess).toHaveBeenCalled());
    const present = storageAccessDocument(true);
    show(present);
    await waitFor(() => expect(present.hasStorageAccess).toHaveBeenCalled());
    expect(screen.queryByRole('button')).toBeNull();
  });
});
