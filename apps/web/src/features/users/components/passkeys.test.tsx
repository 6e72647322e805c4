import type { Passkey } from '@camp/shared/passkeys';
import { PASSKEY_MESSAGES } from '@camp/shared/rules';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  errorResponse,
  jsonResponse,
  renderWithProviders,
  signedInApi,
  testUser,
} from '../../../test/test-utils';
import { Passkeys } from './passkeys';

// The profile's Passkeys card (docs/product.md §12 Passkeys) on a fake API that keeps the passkeys it is given; the
// browser's WebAuthn library is mocked.

const browser = vi.hoisted(() => ({ supports: true, startRegistration: vi.fn() }));
vi.mock('@simplewebauthn/browser', () => ({
  browserSupportsWebAuthn: () => browser.supports,
  startRegistration: browser.startRegistration,
}));

/** Nov 27, 2026 at noon in the reader's own zone. */
const NOV_27 = new Date(2026, 10, 27, 12, 0).toISOString();
const DEC_2 = new Date(2026, 11, 2, 12, 0).toISOString();

function passkey(overrides: Partial<Passkey>): Passkey {
  return {
    id: '70000000-0000-4000-8000-000000000001',
    name: 'Laptop',
    createdAt: NOV_27,
    lastUsedAt: null,
    deviceType: 'singleDevice',
    backedUp: false,
    ...overrides,
  };
}

const ATTESTATION = {
  id: 'cred',
  rawId: 'cred',
  type: 'public-key',
  response: { clientDataJSON: 'e30', attestationObject: 'AA' },
  clientExtensionResults: {},
};

function renderCard(passkeys: Passkey[], answers: Record<string, () => Response> = {}) {
  let held = [...passkeys];
  const sent: { route: string; body: unknown }[] = [];
  const api = signedInApi(testUser(), {
    'GET /passkeys': () => jsonResponse(held),
    'POST /passkeys/registration-options': () =>
      jsonResponse({ challenge: 'cmVnaXN0ZXI', rp: { name: 'Camp' } }),
    'POST /passkeys': ({ body }) => {
      sent.push({ route: 'POST /passkeys', body });
      const added = passkey({
        id: '70000000-0000-4000-8000-000000000009',
        name: (body as { name: string }).name,
        createdAt: DEC_2,
      });
      held = [...held, added];
      return jsonResponse(added, { status: 201 });
    },
    [`PATCH /passkeys/${passkeys[0]?.id ?? 'none'}`]: ({ body }) => {
      sent.push({ route: 'PATCH', body });
      const renamed = { ...held[0]!, name: (body as { name: string }).name };
      held = held.map((item) => (item.id === renamed.id ? renamed : item));
      return jsonResponse(renamed);
    },
    [`DELETE /passkeys/${passkeys[0]?.id ?? 'none'}`]: () => {
      sent.push({ route: 'DELETE', body: undefined });
      held = held.filter((item) => item.id !== passkeys[0]?.id);
      return new Response(null, { status: 204 });
    },
    ...Object.fromEntries(Object.entries(answers).map(([key, answer]) => [key, () => answer()])),
  });
  renderWithProviders(<Passkeys />);
  return { ...api, sent };
}

const itemOf = (name: string) => screen.getByText(name).closest('li') as HTMLElement;

describe('Passkeys card', { timeout: 20_000 }, () => {
  beforeEach(() => {
    browser.supports = true;
    browser.startRegistration.mockReset();
  });

  it('says when there are none yet', async () => {
    renderCard([]);
    expect(await screen.findByText(/^No passkeys yet\./)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Passkeys', level: 3 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add a passkey' })).toBeInTheDocument();
  });

  it('lists passkeys with when they were added and used, synced or on this device', async () => {
    renderCard([
      passkey({}),
      passkey({
        id: '70000000-0000-4000-8000-000000000002',
        name: 'Phone',
        lastUsedAt: DEC_2,
        deviceType: 'multiDevice',
        backedUp: true,
      }),
    ]);
    await screen.findByText('Laptop');
    expect(within(itemOf('Laptop')).getByText('Added Nov 27, 2026 · Never used')).toBeInTheDocument();
    expect(within(itemOf('Laptop')).getByText('This device')).toBeInTheDocument();
    expect(
      within(itemOf('Phone')).getByText('Added Nov 27, 2026 · Last used Dec 2, 2026'),
    ).toBeInTheDocument();
    expect(within(itemOf('Phone')).getByText('Synced')).toBeInTheDocument();
  });

  it('adds a passkey with its name through the browser prompt', async () => {
    browser.startRegistration.mockResolvedValue(ATTESTATION);
    const { sent } = renderCard([]);
    fireEvent.click(await screen.findByRole('button', { name: 'Add a passkey' }));
    const name = screen.getByRole('textbox', { name: 'Passkey name' });
    expect(name).toHaveValue('Passkey');
    fireEvent.change(name, { target: { value: '  Work laptop ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add a passkey' }));
    expect(await screen.findByText('Work laptop')).toBeInTheDocument();
    expect(browser.startRegistration).toHaveBeenCalledWith({
      optionsJSON: { challenge: 'cmVnaXN0ZXI', rp: { name: 'Camp' } },
    });
    expect(sent).toEqual([{ route: 'POST /passkeys', body: { name: 'Work laptop', response: ATTESTATION } }]);
  });

  it('checks the name with the shared rule, and says nothing when the prompt is closed', async () => {
    browser.startRegistration.mockRejectedValue(Object.assign(new Error('no'), { name: 'NotAllowedError' }));
    const { sent } = renderCard([]);
    fireEvent.click(await screen.findByRole('button', { name: 'Add a passkey' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Passkey name' }), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add a passkey' }));
    expect(await screen.findByText(PASSKEY_MESSAGES.nameRequired)).toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: 'Passkey name' }), { target: { value: 'Key' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add a passkey' }));
    await waitFor(() => expect(browser.startRegistration).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add a passkey' })).toBeEnabled());
    expect(screen.queryByRole('alert')).toBeNull();
    expect(sent).toEqual([]);
  });

  it("shows the server's reason when adding fails", async () => {
    browser.startRegistration.mockResolvedValue(ATTESTATION);
    renderCard([], { 'POST /passkeys': () => errorResponse(400, PASSKEY_MESSAGES.notAdded) });
    fireEvent.click(await screen.findByRole('button', { name: 'Add a passkey' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add a passkey' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `An error occurred adding the passkey: ${PASSKEY_MESSAGES.notAdded}`,
    );
  });

  it('renames a passkey', async () => {
    const { sent } = renderCard([passkey({})]);
    fireEvent.click(await screen.findByRole('button', { name: 'Rename Laptop' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Passkey name' }), {
      target: { value: 'Old laptop' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Old laptop')).toBeInTheDocument();
    expect(sent).toEqual([{ route: 'PATCH', body: { name: 'Old laptop' } }]);
  });

  it('removes a passkey after asking in place', async () => {
    const { sent } = renderCard([passkey({})]);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Laptop' }));
    const question = screen.getByRole('alertdialog', { name: 'Remove this passkey?' });
    await waitFor(() => expect(within(question).getByRole('button', { name: 'Cancel' })).toHaveFocus());
    fireEvent.click(within(question).getByRole('button', { name: 'Remove passkey' }));
    expect(await screen.findByText(/^No passkeys yet\./)).toBeInTheDocument();
    expect(sent).toEqual([{ route: 'DELETE', body: undefined }]);
  });

  it('shows the failure with Try again when the list cannot be read', async () => {
    renderCard([], { 'GET /passkeys': () => errorResponse(500) });
    expect(await screen.findByText('An error occurred fetching the passkeys')).toBeInTheDocument();
  });
});
