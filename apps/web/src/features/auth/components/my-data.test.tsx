import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '#lib/testing/i18n.ts';
import { testProfile } from '#lib/testing/profile.ts';
import { fakeServer, json, renderScreen } from '#lib/testing/render.tsx';
import { MyData } from './my-data.tsx';

const EXPORT = {
  exportedAt: '2026-11-24T10:00:00.000Z',
  profile: testProfile(),
  feedbacks: [],
  votes: [],
  follows: [],
  notifications: [],
  emailTopics: [],
  collection: { public: false, shareId: null, entries: [] },
};

beforeAll(() => initTestI18n('pt'));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('MyData', () => {
  it('downloads the member’s data as a JSON file', async () => {
    const sent = fakeServer(() => json(200, EXPORT));
    const blobs: Blob[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: (b: Blob) => (blobs.push(b), 'blob:x'), revokeObjectURL: () => {} }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderScreen(<MyData />, { signedIn: {} });

    await userEvent.click(screen.getByRole('button', { name: 'Baixar meus dados' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(sent[0]?.path).toBe('/api/me/export');
    expect(JSON.parse(await blobs[0]!.text()).profile.email).toBe('ana@manto.test');
  });
});
